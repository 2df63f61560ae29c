// Reproducer (outside the suite) of D-lost-before-error on Mistral, pinned in
// tests/data/copilotkit-runtime-mistral.verdicts.json (fault.raw-bytes.001, row 8.1.4): after the first text the
// server sends a frame that is no JSON; @ai-sdk/mistral 3.0.68 hands the parse failure on as an error part
// (dist/index.mjs:569-571), BuiltInAgent emits the text and then errors its Observable, and the runtime's runner
// forwards only what @ag-ui/client's runAgent delivers (@copilotkit/runtime 1.75.0
// dist/v2/runtime/runner/in-memory.mjs:372), whose concatMap drops the events still queued: the client gets an
// empty text message, then RUN_ERROR. (The runtime's defect: compatible-error-lost.mjs shows it on
// @ai-sdk/openai-compatible, events-before-error-lost.mjs on OpenAI's Responses API.)
// Run: node examples/ts-copilotkit/repro/mistral-text-lost.mjs
// Prints what the client got; exits 1 while the text before the error is lost (0 once the client gets it).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, mistralAgentOn } from './_mistral.mjs';
import { show } from './_compatible.mjs';

const body = `${chunk({ role: 'assistant', content: 'The answer is' })}data: {"choices":[{"delta":{"content":" soft.\n\n`;
const { server, url } = await serve([body]);
const sent = await runtimeEvents(mistralAgentOn(url));
server.close();
say(`runtime SSE answer: ${show(sent)}`);
process.exit(sent.some((e) => e.type === 'TEXT_MESSAGE_CONTENT') ? 0 : 1);
