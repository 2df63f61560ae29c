// Reproducer of two @tanstack/ai-gemini 0.32.0 defects (tests/data/tanstack-ai-gemini.verdicts.json):
// finishReason MAX_TOKENS becomes RUN_ERROR{code:'max_tokens'} (dist/esm/adapters/text.js:540), not
// RUN_FINISHED{finishReason:'length'} (finish.length.001, row 8.2.length); and every other reason,
// SAFETY included, becomes 'stop' or 'tool_calls' (`toolCallMap.size > 0 ? 'tool_calls' : 'stop'`,
// :579), never 'content_filter' (finish.content-filter.001, row 8.2.content-filter). TanStack's
// RUN_FINISHED has 'length' and 'content_filter' for exactly these.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-finish-reasons.mjs (exits 1 while present).
import { chunk, runGemini, usage } from './tanstack-gemini-lib.mjs'

const outcome = async (finishReason) => {
  const events = await runGemini([chunk([{ text: 'Once upon' }], { finishReason, usageMetadata: usage })])
  const end = events.find((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR')
  return end?.type === 'RUN_FINISHED' ? end.finishReason ?? end.metadata?.tanstack?.finishReason : `${end?.type}:${end?.code}`
}
const got = { MAX_TOKENS: await outcome('MAX_TOKENS'), SAFETY: await outcome('SAFETY') }
console.log(`MAX_TOKENS -> ${got.MAX_TOKENS}, SAFETY -> ${got.SAFETY}`)
process.exit(got.MAX_TOKENS === 'length' && got.SAFETY === 'content_filter' ? 0 : 1)
