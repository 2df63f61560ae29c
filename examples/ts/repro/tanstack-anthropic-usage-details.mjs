// Reproducer of two @tanstack/ai-anthropic 0.18.11 usage defects (tests/data/tanstack-ai-anthropic.verdicts.json,
// row 8.3.v3), with message_delta usage as the live API sends it (the cumulative input and cache counts
// repeated, tests/data/captures/anthropic-text.chunks.txt):
// - D-thinking-tokens: buildAnthropicUsage (dist/esm/usage.js:12) never reads
//   output_tokens_details.thinking_tokens, so the usage has no reasoning breakdown;
// - D-prompt-excludes-cache: promptTokens is input_tokens, the uncached part only (usage.js:11), so a
//   1,200-token prompt with 900 cache reads and 100 cache writes reads as 200 and the total is short by 1,000.
// Run: node examples/ts/repro/tanstack-anthropic-usage-details.mjs (exits 1 while either is present).
import { finished, runAnthropic, start, textBlock } from './tanstack-anthropic-lib.mjs'

const usage = { input_tokens: 200, cache_creation_input_tokens: 100, cache_read_input_tokens: 900,
  output_tokens: 300, output_tokens_details: { thinking_tokens: 120 } }
const events = await runAnthropic([start(200), ...textBlock(0, 'Paris.'),
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage },
  { type: 'message_stop' }])
const got = finished(events)?.usage
console.log(JSON.stringify(got))
const thinking = got?.completionTokensDetails?.reasoningTokens === 120
const prompt = got?.promptTokens === 1200
console.log(`reasoning tokens shown: ${thinking}; prompt counts the cached tokens: ${prompt}`)
process.exit(thinking && prompt ? 0 : 1)
