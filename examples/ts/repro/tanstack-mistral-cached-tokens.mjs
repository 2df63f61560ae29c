// Reproducer (outside the suite) of D-cached-tokens-dropped, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (usage.nested.001, quirks.chat-extras.001, row 8.3.v3): the usage on Mistral's finish chunk carries a cached prompt
// count (@ai-sdk/mistral 4.0.87 reads it from num_cached_tokens or prompt_tokens_details.cached_tokens,
// dist/index.js:27), but @tanstack/ai-mistral 0.6.7 maps prompt, completion and total tokens only
// (dist/esm/adapters/text.js:308-312): RUN_FINISHED.usage has no promptTokensDetails.cachedTokens.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-cached-tokens.mjs
// Exits 1 while the defect is present (0 once the cached count reaches RUN_FINISHED.usage).
import { chunk, run, serveBody, sse } from './tanstack-mistral-lib.mjs'

const usage = { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500, prompt_tokens_details: { cached_tokens: 900 } }
const upstream = await serveBody(sse([chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop', usage)]))
const { events } = await run(upstream.url)
upstream.close()
const got = events.find((e) => e.type === 'RUN_FINISHED')?.usage
console.log('RUN_FINISHED.usage:', JSON.stringify(got))
process.exit(got?.promptTokensDetails?.cachedTokens === 900 ? 0 : 1)
