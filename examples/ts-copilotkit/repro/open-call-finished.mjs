// Reproducer (outside the suite) of D-open-call-finished, pinned in
// tests/data/copilotkit-runtime-anthropic.verdicts.json (finish.missing.004, row 8.1.19): the Messages stream stops
// inside a tool_use block. @ai-sdk/anthropic 3.0.140 has no flush for a cut stream (dist/index.mjs:5429), so ai 6
// finishes the step after tool-input-start and the argument deltas, with no tool-call. BuiltInAgent opened the call
// at tool-input-start (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:748) and ignores tool-input-end (:776); on
// `finish` it emits RUN_FINISHED with the call still open (:888-907). @ag-ui/client's verifier rejects that, and the
// client gets an error TOOL_CALL_RESULT and RUN_ERROR "Cannot send 'RUN_FINISHED' while tool calls are still
// active", where a cut text or a completed call (finish.missing.001-003) ends in a normal RUN_FINISHED.
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/open-call-finished.mjs
// Prints both event sequences; exits 1 while the defect is present (0 once no RUN_FINISHED leaves a call open).
import { agentEvents, input, runtimeEvents, say, serve } from './_runtime.mjs';
import { anthropicAgentOn, blockStart, jsonDelta, messageStart } from './_anthropic.mjs';

const body = messageStart() + blockStart(0, { type: 'tool_use', id: 'toolu_fl', name: 'book_flight', input: {} })
  + jsonDelta(0, '{"to":"Oslo",') + jsonDelta(0, '"date":"2025-');
const runInput = { ...input, tools: [{ name: 'book_flight', description: 'Book a flight',
  parameters: { type: 'object', properties: { to: { type: 'string' }, date: { type: 'string' } } } }] };
const { server, url } = await serve([body]);
const own = await agentEvents(anthropicAgentOn(url), runInput);
const sent = await runtimeEvents(anthropicAgentOn(url), runInput);
server.close();
const show = (events) => events.map((e) => (e.type === 'RUN_ERROR' ? `${e.type}(${JSON.stringify(e.message)})`
  : e.type)).join(' ');
say(`BuiltInAgent.run():  ${show(own.events)}`);
say(`runtime SSE answer: ${show(sent)}`);
// A call the agent started and had not ended when it sent RUN_FINISHED.
const open = new Set();
let leftOpen = false;
for (const e of own.events) {
  if (e.type === 'TOOL_CALL_START') open.add(e.toolCallId);
  if (e.type === 'TOOL_CALL_END') open.delete(e.toolCallId);
  if (e.type === 'RUN_FINISHED' && open.size) leftOpen = true;
}
say(`RUN_FINISHED with a call left open: ${leftOpen}`);
process.exit(leftOpen ? 1 : 0);
