// Reproducer (outside the suite) of D-empty-choices under the CopilotKit runtime, pinned in
// tests/data/copilotkit-runtime-mistral.verdicts.json (quirks.azure-filter-chunk.001, row 8.1.4): a chunk with empty
// `choices` passes @ai-sdk/mistral 3.0.68's chunk schema (choices: z4.array, dist/index.mjs:814) and doStream reads
// value.choices[0].delta unguarded (:584-585). The TypeError errors the stream: the rest of the answer is lost and
// the client gets RUN_ERROR where the run should finish. (The provider's defect: examples/ts/repro/
// ai-sdk6-mistral-empty-choices.mjs shows it under ai's streamText alone.)
// Run: node examples/ts-copilotkit/repro/mistral-empty-choices.mjs
// Prints what the client got; exits 1 while the run ends in RUN_ERROR (0 once it finishes with the whole text).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, done, emptyChoices, mistralAgentOn, usage } from './_mistral.mjs';
import { show } from './_compatible.mjs';

const body = chunk({ role: 'assistant', content: 'Hello' }) + emptyChoices() + chunk({ content: ' there.' })
  + chunk({ content: '' }, 'stop', usage()) + done;
const { server, url } = await serve([body]);
const sent = await runtimeEvents(mistralAgentOn(url));
server.close();
say(`runtime SSE answer: ${show(sent)}`);
process.exit(sent.at(-1)?.type === 'RUN_FINISHED' ? 0 : 1);
