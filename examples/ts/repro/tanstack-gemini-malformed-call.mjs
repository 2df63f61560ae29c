// Reproducer of a @tanstack/ai-gemini 0.32.0 defect (tests/data/tanstack-ai-gemini.verdicts.json,
// finish.gemini-malformed-call.001, row 8.1.20; finish.gemini-recitation.001, row 8.2.content-filter):
// finishReason MALFORMED_FUNCTION_CALL (the model's function call could not be parsed: no call, the turn
// failed) becomes RUN_FINISHED{finishReason:'stop'} (`toolCallMap.size > 0 ? 'tool_calls' : 'stop'`,
// dist/esm/adapters/text.js:579), so chat() shows a failed turn as a normal answer; @ai-sdk/google 4.0.121
// reads it as 'error' (dist/index.js:1990). RECITATION reads 'stop' too, never 'content_filter'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-malformed-call.mjs (exits 1 while present).
import { chunk, runGemini, usage } from './tanstack-gemini-lib.mjs'

const outcome = async (finishReason) => {
  const events = await runGemini([chunk([{ text: 'Booking it now.' }], { finishReason, usageMetadata: usage })])
  const end = events.find((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR')
  return end?.type === 'RUN_FINISHED' ? `RUN_FINISHED:${end.finishReason ?? end.metadata?.tanstack?.finishReason}` : end?.type
}
const got = { MALFORMED_FUNCTION_CALL: await outcome('MALFORMED_FUNCTION_CALL'), RECITATION: await outcome('RECITATION') }
console.log(`MALFORMED_FUNCTION_CALL -> ${got.MALFORMED_FUNCTION_CALL}, RECITATION -> ${got.RECITATION}`)
process.exit(got.MALFORMED_FUNCTION_CALL === 'RUN_ERROR' && got.RECITATION === 'RUN_FINISHED:content_filter' ? 0 : 1)
