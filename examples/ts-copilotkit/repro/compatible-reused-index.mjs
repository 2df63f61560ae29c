// Reproducer (outside the suite) of D-reused-index in @ai-sdk/openai-compatible 1.0.61's own
// @ai-sdk/provider-utils 3.0.44, pinned in tests/data/copilotkit-runtime-openai-compatible.verdicts.json
// (quirks.tool-index-reused.002, row robust.invented-input): two calls that both say index 0 (as Ollama streams
// parallel calls), list_files with no arguments, then file_write whose arguments come in later deltas that carry
// the index only. StreamingToolCallTracker.processDelta finds those deltas ambiguous between the two calls on
// index 0 and drops them (dist/index.mjs:3027), then finishes file_write at flush with the arguments it has, none:
// the client gets a complete file_write call without the {"path":"world.py"} the model sent.
// Run: node examples/ts-copilotkit/repro/compatible-reused-index.mjs
// Prints each call and its arguments as the client got them; exits 1 while file_write lacks its arguments.
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, compatibleAgentOn, done, usageChunk } from './_compatible.mjs';

const call = (id, name, args) => ({ index: 0, ...(id ? { id, type: 'function' } : {}),
  function: { ...(name ? { name } : {}), arguments: args } });
const body = chunk({ role: 'assistant', tool_calls: [call('call_l1', 'list_files', '')] })
  + chunk({ tool_calls: [call('call_w2', 'file_write', '')] })
  + chunk({ tool_calls: [call(null, null, '{"path":')] }) + chunk({ tool_calls: [call(null, null, '"world.py"}')] })
  + chunk({}, 'tool_calls') + usageChunk() + done;
const tools = [{ name: 'list_files', description: 'List the files', parameters: { type: 'object', properties: {} } },
  { name: 'file_write', description: 'Write a file', parameters: { type: 'object',
    properties: { path: { type: 'string' } }, required: ['path'] } }];
const { server, url } = await serve([body]);
const sent = await runtimeEvents(compatibleAgentOn(url), { threadId: 't', runId: 'r',
  messages: [{ id: 'm', role: 'user', content: 'List the files, then create world.py.' }], tools, context: [],
  state: {}, forwardedProps: {} });
server.close();
const args = {};
for (const e of sent) {
  if (e.type === 'TOOL_CALL_START') args[e.toolCallId] = { name: e.toolCallName, args: '' };
  if (e.type === 'TOOL_CALL_ARGS') args[e.toolCallId].args += e.delta;
}
say(`calls the client got: ${JSON.stringify(args)}`);
process.exit(args.call_w2?.args === '{"path":"world.py"}' ? 0 : 1);
