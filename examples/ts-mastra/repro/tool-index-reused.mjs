// Reproducer of a defect pinned in tests/data/ag-ui-mastra.verdicts.json: two parallel Chat Completions
// tool calls that both say `index: 0` (Ollama, Responses-to-Chat bridges) become ONE call: the second
// call's new id is ignored and its arguments are appended to the first call's. Source:
// @ai-sdk/provider-utils 4.0.65 dist/index.mjs:3381 (StreamingToolCallTracker.resolveToolCall: a delta
// with an unknown wire id on a used index continues that index's call unless its first arguments
// fragment already starts a JSON value). Run: node examples/ts-mastra/repro/tool-index-reused.mjs
// (exit 1: present).
import { agentOn, chunk, collect, input, serve, say } from './_canned.mjs';

// The client offers the tool (a frontend tool), as in the suite's case.
input.tools.push({ name: 'file_write', description: 'Write a file',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } });

const call = (id, args) => ({ index: 0, ...(id ? { id, type: 'function' } : {}),
  function: { ...(id ? { name: 'file_write' } : {}), arguments: args } });
const tc = (c, finish = null) => chunk({ choices: [{ index: 0, delta: c ? { tool_calls: [c] } : {}, finish_reason: finish }] });
const { server, url } = await serve((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(tc(call('call_w1', '')) + tc(call(null, '{"path":"hello.py"}'))
    + tc(call('call_w2', '')) + tc(call(null, '{"path":')) + tc(call(null, '"world.py"}')) + tc(null, 'tool_calls')
    + chunk({ choices: [], usage: { prompt_tokens: 60, completion_tokens: 20, total_tokens: 80 } }) + 'data: [DONE]\n\n');
});
const agent = agentOn(url);
const { events } = await collect(agent);
server.close();
const calls = {};
for (const e of events) {
  if (e.type === 'TOOL_CALL_START') calls[e.toolCallId] = '';
  if (e.type === 'TOOL_CALL_ARGS') calls[e.toolCallId] += e.delta;
}
say('upstream calls call_w1 {"path":"hello.py"}, call_w2 {"path":"world.py"} (both index 0) -> AG-UI calls', JSON.stringify(calls));
process.exit(calls.call_w1 === '{"path":"hello.py"}' && calls.call_w2 === '{"path":"world.py"}' ? 0 : 1);
