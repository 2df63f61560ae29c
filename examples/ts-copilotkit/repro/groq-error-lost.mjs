// Reproducer (outside the suite) of D-lost-before-error and D-error-text on a Groq model instance, pinned in
// tests/data/copilotkit-runtime-groq.verdicts.json (the error.*.001 cases, rows 8.1.4 and 8.1.17): the answer streams
// 'Dear', then Groq's in-band error frame {error: {message, type}}. @ai-sdk/groq 3.0.71 parses it with its error schema
// and hands the frame's `error` object on as the error part's error (dist/index.mjs:565-570), a plain {message, type},
// not an Error, so BuiltInAgent puts the JSON in its own RUN_ERROR but errors its Observable with the bare
// new Error('AI SDK stream error') (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:920). Its text and its RUN_ERROR
// never reach the runtime's SSE answer (the runner forwards what @ag-ui/client's runAgent delivers,
// dist/v2/runtime/runner/in-memory.mjs:372, whose concatMap drops the events still queued when the Observable
// errors): the client gets no text and the finalizer's 'AI SDK stream error'. (The runtime's defects:
// compatible-error-lost.mjs shows them on @ai-sdk/openai-compatible.)
// Run: node examples/ts-copilotkit/repro/groq-error-lost.mjs
// Prints what the agent emitted and what the client got; exits 1 while either defect shows (0 once the client gets
// both the text and the upstream's message).
import { agentEvents, runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, errorFrame, groqAgentOn } from './_groq.mjs';
import { show } from './_compatible.mjs';

const body = chunk({ role: 'assistant', content: 'Dear' })
  + errorFrame('Rate limit reached for model llama-3.3-70b-versatile', 'tokens');
const { server, url } = await serve([body]);
const own = await agentEvents(groqAgentOn(url));
const sent = await runtimeEvents(groqAgentOn(url));
server.close();
say(`BuiltInAgent.run():  ${show(own.events)}; Observable error ${JSON.stringify(own.error?.message)}`);
say(`runtime SSE answer: ${show(sent)}`);
const text = sent.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');
const error = sent.find((e) => e.type === 'RUN_ERROR')?.message ?? '';
say(`text kept: ${text === 'Dear'}; upstream message kept: ${error.includes('Rate limit reached')}`);
process.exit(text === 'Dear' && error.includes('Rate limit reached') ? 0 : 1);
