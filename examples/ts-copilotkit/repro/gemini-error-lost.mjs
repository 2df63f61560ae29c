// Reproducer (outside the suite) of D-lost-before-error on Gemini, pinned in
// tests/data/copilotkit-runtime-google.verdicts.json (error.*.001 and fault.raw-bytes.001, row 8.1.4): the answer
// streams 'Dear', then the Gemini API sends an in-band error (`{"error": {code 429, message, status}}`).
// @ai-sdk/google 3.0.141 hands it on as an APICallError with the upstream's message (dist/index.mjs:2797-2810), so
// the client's RUN_ERROR keeps 'Rate limit reached ...' (D-error-text does not show on this wire). But the text
// 'Dear', which BuiltInAgent.run() emits before its RUN_ERROR, never reaches the runtime's SSE answer: the runner
// forwards what @ag-ui/client's runAgent delivers (@copilotkit/runtime 1.75.0
// dist/v2/runtime/runner/in-memory.mjs:372), whose concatMap drops the events still queued when the Observable
// errors. The same defect on OpenAI's wire: events-before-error-lost.mjs; on Anthropic's: anthropic-error-lost.mjs.
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/gemini-error-lost.mjs
// Prints what the agent emitted and what the client got; exits 1 while the text is lost (0 once the client gets
// both the text and the upstream's message).
import { agentEvents, runtimeEvents, say, serve } from './_runtime.mjs';
import { errorChunk, googleAgentOn, textChunk } from './_google.mjs';

const body = textChunk('Dear') + errorChunk(429, 'Rate limit reached for tokens per minute', 'RESOURCE_EXHAUSTED');
const { server, url } = await serve([body]);
const own = await agentEvents(googleAgentOn(url));
const sent = await runtimeEvents(googleAgentOn(url));
server.close();
const show = (events) => events.map((e) => (e.delta ? `${e.type}(${JSON.stringify(e.delta)})`
  : e.type === 'RUN_ERROR' ? `${e.type}(${JSON.stringify(e.message)})` : e.type)).join(' ');
say(`BuiltInAgent.run():  ${show(own.events)}; Observable error ${JSON.stringify(own.error?.message)}`);
say(`runtime SSE answer: ${show(sent)}`);
const text = sent.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');
const error = sent.find((e) => e.type === 'RUN_ERROR')?.message ?? '';
say(`text kept: ${text === 'Dear'}; upstream message kept: ${error.includes('Rate limit reached')}`);
process.exit(text === 'Dear' && error.includes('Rate limit reached') ? 0 : 1);
