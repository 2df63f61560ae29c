// Reproducer (outside the suite) of D-reasoning-after-close on Mistral, pinned in
// tests/data/copilotkit-runtime-mistral.verdicts.json (reasoning.interleaved.001, row 8.4.2): @ai-sdk/mistral 3.0.68
// ends its reasoning part only when text starts (dist/index.mjs:612-620) or at the end (:689-695), not at a tool
// call, so thinking, a tool call, then thinking again is one AI SDK reasoning part. BuiltInAgent ends the AG-UI
// reasoning message at the first part that is not a reasoning-delta (@copilotkit/runtime 1.75.0
// dist/agent/index.mjs:706, closeReasoningIfOpen) and sends the later delta as REASONING_MESSAGE_CONTENT for the
// message it closed (:736-746): content for an ended message, which AG-UI's event verifier rejects.
// Run: node examples/ts-copilotkit/repro/mistral-reasoning-after-close.mjs
// Prints what the client got; exits 1 while reasoning content follows its message's end (0 once it does not).
import { input, runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, done, mistralAgentOn, thinking, usage } from './_mistral.mjs';
import { show } from './_compatible.mjs';

const call = { id: 'call_rome', index: 0, function: { name: 'get_weather', arguments: '{"city":"Rome"}' } };
const body = chunk({ role: 'assistant', ...thinking('I need the weather first.') })
  + chunk({ content: '', tool_calls: [call] }) + chunk(thinking(' I will wait for the result.'))
  + chunk({ content: 'Checking Rome now.' }) + chunk({ content: '' }, 'tool_calls', usage()) + done;
const { server, url } = await serve([body]);
const tools = [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }];
const sent = await runtimeEvents(mistralAgentOn(url), { ...input, tools });
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
