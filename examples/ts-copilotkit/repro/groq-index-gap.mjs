// Reproducer (outside the suite) of D-index-gap in @ai-sdk/groq 3.0.71 under the CopilotKit runtime, pinned in
// tests/data/copilotkit-runtime-groq.verdicts.json (quirks.tool-index-gap.001, row 8.1.9): two parallel calls numbered
// index 0 and 2 (OpenAI's ChoiceDeltaToolCall.index is an integer; nothing promises contiguity). doStream stores each
// at toolCalls[index] (dist/index.mjs:636, :660), leaving a hole at 1; flush walks the array with for...of and reads
// `hasFinished` of the hole (:704-705): "Cannot read properties of undefined (reading 'hasFinished')". BuiltInAgent
// sends that as RUN_ERROR with both calls started and never ended: the client gets neither call. (The provider's
// defect: examples/ts/repro/ai-sdk6-groq-index-gap.mjs shows it under ai 6's UI message stream.)
// Run: node examples/ts-copilotkit/repro/groq-index-gap.mjs
// Prints the calls and the run's last event as the client got them; exits 1 while the run errors (0 once it
// finishes with both calls ended).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { callsOf, chunk, done, groqAgentOn, usage, withTools } from './_groq.mjs';
import { show } from './_compatible.mjs';

const call = (index, id, name, args) => ({ index, id, type: 'function', function: { name, arguments: args } });
const body = chunk({ role: 'assistant', tool_calls: [call(0, 'call_g0', 'get_weather', '{"city":"Oslo"}')] })
  + chunk({ tool_calls: [call(2, 'call_g2', 'get_time', '{"city":"Tokyo"}')] })
  + chunk({}, 'tool_calls', usage) + done;
const { server, url } = await serve([body]);
const sent = await runtimeEvents(groqAgentOn(url), withTools('Weather in Oslo, time in Tokyo?',
  { get_weather: { city: { type: 'string' } }, get_time: { city: { type: 'string' } } }));
server.close();
const calls = callsOf(sent);
say(`runtime SSE answer: ${show(sent)}`);
say(`calls the client got: ${JSON.stringify(calls)}`);
const last = sent.at(-1)?.type;
process.exit(last === 'RUN_FINISHED' && calls.call_g0?.ended && calls.call_g2?.ended ? 0 : 1);
