// Reproducer (outside the suite) of D-error-text and D-lost-before-error on Anthropic, pinned in
// tests/data/copilotkit-runtime-anthropic.verdicts.json (error.*.001, rows 8.1.17 and 8.1.4): the answer streams
// 'Dear', then the Messages API sends an in-band `event: error` (rate_limit_error 'Rate limit reached ...').
// @ai-sdk/anthropic 3.0.140 hands the error on as the plain object {type, message} (dist/index.mjs:6314-6316), so
// BuiltInAgent errors its Observable with new Error('AI SDK stream error') (@copilotkit/runtime 1.75.0
// dist/agent/index.mjs:920): the client's RUN_ERROR loses the text (D-error-text). And the text 'Dear', which
// BuiltInAgent.run() emits before its RUN_ERROR, never reaches the runtime's SSE answer: the runner forwards what
// @ag-ui/client's runAgent delivers (dist/v2/runtime/runner/in-memory.mjs:372), whose concatMap drops the events
// still queued when the Observable errors (D-lost-before-error). The same two defects on OpenAI's wire:
// error-text-lost.mjs and events-before-error-lost.mjs.
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/anthropic-error-lost.mjs
// Prints what the agent emitted and what the client got; exits 1 while either defect is present (0 once the
// client gets both the text and the upstream's message).
import { agentEvents, runtimeEvents, say, serve } from './_runtime.mjs';
import { anthropicAgentOn, blockStart, errorEvent, messageStart, textDelta } from './_anthropic.mjs';

const body = messageStart() + blockStart(0, { type: 'text', text: '' }) + textDelta(0, 'Dear')
  + errorEvent('rate_limit_error', 'Rate limit reached for tokens per minute');
const { server, url } = await serve([body]);
const own = await agentEvents(anthropicAgentOn(url));
const sent = await runtimeEvents(anthropicAgentOn(url));
server.close();
const show = (events) => events.map((e) => (e.delta ? `${e.type}(${JSON.stringify(e.delta)})`
  : e.type === 'RUN_ERROR' ? `${e.type}(${JSON.stringify(e.message)})` : e.type)).join(' ');
say(`BuiltInAgent.run():  ${show(own.events)}; Observable error ${JSON.stringify(own.error?.message)}`);
say(`runtime SSE answer: ${show(sent)}`);
const text = sent.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');
const error = sent.find((e) => e.type === 'RUN_ERROR')?.message ?? '';
say(`text kept: ${text === 'Dear'}; upstream message kept: ${error.includes('Rate limit reached')}`);
process.exit(text === 'Dear' && error.includes('Rate limit reached') ? 0 : 1);
