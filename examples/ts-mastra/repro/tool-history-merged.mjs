// Reproducer of a defect pinned in tests/data/ag-ui-mastra.verdicts.json: a history of two sequential
// tool turns (assistant call_1, its result, assistant call_2, its result) reaches the model as ONE
// assistant message with both calls followed by both results, as if they had been parallel calls.
// Source: @mastra/core 1.71.0 dist/message-list-DxPv9dgd.js:10723 (MessageMerger.shouldMerge merges any
// assistant message into the latest assistant message of the thread; tool results live inside it).
// Run: node examples/ts-mastra/repro/tool-history-merged.mjs (exit 1: present).
import { agentOn, input, say, serve, text } from './_canned.mjs';

let body;
const { server, url } = await serve((req, res) => {
  let raw = '';
  req.on('data', (c) => { raw += c; });
  req.on('end', () => {
    body = JSON.parse(raw);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(text('Done.', 'stop') + 'data: [DONE]\n\n');
  });
});
const call = (id, name) => ({ id, type: 'function', function: { name, arguments: '{}' } });
const messages = [
  { id: 'm0', role: 'user', content: 'Weather and time in Paris?' },
  { id: 'm1', role: 'assistant', content: '', toolCalls: [call('call_1', 'get_weather')] },
  { id: 'm2', role: 'tool', content: '18C', toolCallId: 'call_1' },
  { id: 'm3', role: 'assistant', content: '', toolCalls: [call('call_2', 'get_time')] },
  { id: 'm4', role: 'tool', content: '14:05', toolCallId: 'call_2' },
];
await new Promise((done) => agentOn(url).run({ ...input, messages }).subscribe({ error: done, complete: done }));
server.close();
const shape = body.messages.map((m) => (m.tool_calls ? `assistant[${m.tool_calls.map((c) => c.id)}]` : m.role));
say('AG-UI history user, assistant[call_1], tool, assistant[call_2], tool -> upstream', shape.join(', '));
process.exit(body.messages.filter((m) => m.tool_calls).length === 2 ? 0 : 1);
