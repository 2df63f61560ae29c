// Reproducer (outside the suite) of D-malformed-call-finished, pinned in
// tests/data/copilotkit-runtime-google.verdicts.json (finish.gemini-malformed-call.001, row 8.1.20): the answer
// streams 'Booking it now.', then Gemini ends the candidate with finishReason MALFORMED_FUNCTION_CALL (the model's
// function call could not be parsed: no call, the turn failed). @ai-sdk/google 3.0.141 reads that reason as the
// unified 'error' and ai 6 finishes with finishReason 'error', but BuiltInAgent emits RUN_FINISHED on every
// `finish` (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:888-907), with the reason only in a `finishReason` key
// AG-UI does not define (dist/agent/converters/aisdk.mjs:13): the CopilotKit client shows the text as a complete
// answer and never learns the turn failed.
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/malformed-call-finished.mjs
// Prints the client's events; exits 1 while a failed turn ends in RUN_FINISHED (0 once it ends in RUN_ERROR).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { finishChunk, googleAgentOn, textChunk } from './_google.mjs';

const { server, url } = await serve([textChunk('Booking it now.') + finishChunk('MALFORMED_FUNCTION_CALL')]);
const sent = await runtimeEvents(googleAgentOn(url));
server.close();
say(`runtime SSE answer: ${sent.map((e) => (e.type === 'RUN_FINISHED' ? `${e.type}(finishReason ${JSON.stringify(e.finishReason)})`
  : e.type)).join(' ')}`);
const last = sent.at(-1);
say(`a failed turn ended as a finished run: ${last?.type === 'RUN_FINISHED'}`);
process.exit(last?.type === 'RUN_FINISHED' ? 1 : 0);
