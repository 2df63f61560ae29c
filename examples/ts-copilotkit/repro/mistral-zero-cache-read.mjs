// Reproducer (outside the suite) of D-zero-usage on Mistral, pinned in
// tests/data/copilotkit-runtime-mistral.verdicts.json (usage.late.001, row 8.3.v3): Mistral's finish chunk says
// prompt_tokens_details.cached_tokens 0, and @ai-sdk/mistral 3.0.68 reads it (dist/index.mjs:68) but then reports
// `cacheRead: cacheReadTokens || void 0` (:73): a reported 0 becomes "not reported". BuiltInAgent copies only the
// counts that are there (@copilotkit/runtime 1.75.0 dist/agent/converters/aisdk.mjs:12-26), so RUN_FINISHED.usage
// has no cachedInputTokens, which an AG-UI client reads as unknown. A non-zero count (4) is reported, for contrast.
// Run: node examples/ts-copilotkit/repro/mistral-zero-cache-read.mjs
// Prints both runs' usage; exits 1 while the reported 0 is left out (0 once it is kept).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, done, mistralAgentOn, usage } from './_mistral.mjs';

async function usageFor(cached) {
  const body = chunk({ role: 'assistant', content: 'Done.' })
    + chunk({ content: '' }, 'stop', usage({ prompt_tokens_details: { cached_tokens: cached } })) + done;
  const { server, url } = await serve([body]);
  const sent = await runtimeEvents(mistralAgentOn(url));
  server.close();
  return sent.at(-1)?.usage?.[0] ?? {};
}
const zero = await usageFor(0);
const four = await usageFor(4);
say(`wire cached_tokens 0 -> RUN_FINISHED.usage ${JSON.stringify(zero)}`);
say(`wire cached_tokens 4 -> RUN_FINISHED.usage ${JSON.stringify(four)}`);
process.exit(zero.cachedInputTokens === 0 ? 0 : 1);
