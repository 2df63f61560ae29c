// Reproducer (outside the suite) of D-openrouter-error in @ai-sdk/openai-compatible 1.0.61, pinned in
// tests/data/copilotkit-runtime-openai-compatible.verdicts.json (error.openrouter-midstream.001, row 8.1.17):
// OpenRouter reports a failure after the stream started as a chunk with choices (an empty delta, finish_reason
// 'error') and a top-level `error: {code, message}`. The chat model parses each chunk with z.union([chunk
// object, error schema]) (dist/index.mjs:716); the chunk object, a plain z.object, matches first and strips
// `error`, so the error branch (:561) never runs and 'error' maps to 'unknown' (:188-189), which ai 6's v2 wrapper
// reports as 'other'. BuiltInAgent then finishes the run: the client gets the cut text and RUN_FINISHED, never the
// error. (@ai-sdk/openai-compatible 2's loose chunk schema keeps the key and reports the error.)
// Run: node examples/ts-copilotkit/repro/compatible-openrouter-error.mjs
// Prints what the client got; exits 1 while the run finishes (0 once it ends in RUN_ERROR with the message).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, compatibleAgentOn, done, show } from './_compatible.mjs';

const body = chunk({ role: 'assistant', content: 'Tides are caused' })
  + chunk({ content: '' }, 'error', { error: { code: 502, message: 'Provider disconnected unexpectedly' } }) + done;
const { server, url } = await serve([body]);
const sent = await runtimeEvents(compatibleAgentOn(url));
server.close();
say(`runtime SSE answer: ${show(sent)}`);
const last = sent[sent.length - 1] ?? {};
say(`last event ${last.type}${last.finishReason ? ` (finishReason ${JSON.stringify(last.finishReason)})` : ''}`);
process.exit(last.type === 'RUN_ERROR' && String(last.message).includes('Provider disconnected') ? 0 : 1);
