// Reproducer (outside the suite) of D-reasoning-after-close, pinned in
// tests/data/copilotkit-runtime-openai-compatible.verdicts.json (reasoning.interleaved.001 and ids.reuse.002, row
// 8.4.2): @ai-sdk/openai-compatible 1.0.61 keeps one reasoning part 'reasoning-0' open for the whole response
// (reasoning-start once, dist/index.mjs:594-601) and sends reasoning-delta for it again after text, which the AI
// SDK stream allows (the part was never ended). BuiltInAgent ends the AG-UI reasoning message at the first part
// that is not a reasoning-delta (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:706, closeReasoningIfOpen) and
// then sends the next reasoning-delta as REASONING_MESSAGE_CONTENT for the message it closed (:742-751): content
// for an ended message, which AG-UI's event verifier rejects.
// Run: node examples/ts-copilotkit/repro/compatible-reasoning-after-close.mjs
// Prints what the client got; exits 1 while reasoning content follows its message's end (0 once it does not).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, compatibleAgentOn, done, show, usageChunk } from './_compatible.mjs';

const body = chunk({ role: 'assistant', reasoning_content: 'Part one first.' }) + chunk({ content: 'Part one.' })
  + chunk({ reasoning_content: ' Now part two.' }) + chunk({ content: ' Part two.' }) + chunk({}, 'stop')
  + usageChunk() + done;
const { server, url } = await serve([body]);
const sent = await runtimeEvents(compatibleAgentOn(url));
server.close();
say(`runtime SSE answer: ${show(sent)}`);
const ended = new Set();
const late = [];
for (const e of sent) {
  if (e.type === 'REASONING_MESSAGE_END') ended.add(e.messageId);
  if (e.type === 'REASONING_MESSAGE_CONTENT' && ended.has(e.messageId)) late.push(e.delta);
}
say(`reasoning content after its message ended: ${JSON.stringify(late)}`);
process.exit(late.length ? 1 : 0);
