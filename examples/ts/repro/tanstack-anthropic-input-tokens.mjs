// Reproducer of a @tanstack/ai-anthropic 0.18.11 defect (tests/data/tanstack-ai-anthropic.verdicts.json,
// row 8.3.v3, D-input-tokens): processAnthropicStream never reads message_start, whose usage carries the
// prompt's input_tokens (required there); RUN_FINISHED.usage is built from message_delta's usage alone
// (dist/esm/adapters/text.js:823, usage.js:11 `input_tokens ?? 0`). message_delta's input_tokens is
// `number | null` (@anthropic-ai/sdk 0.97.1 BetaMessageDeltaUsage) and the SDK's own accumulator keeps
// message_start's when it is absent (lib/BetaMessageStream.js:460). The user sees promptTokens 0.
// Run: node examples/ts/repro/tanstack-anthropic-input-tokens.mjs (exits 1 while present).
import { end, finished, runAnthropic, start, textBlock } from './tanstack-anthropic-lib.mjs'

const events = await runAnthropic([start(25), ...textBlock(0, 'Paris.'), ...end('end_turn', 7)])
const usage = finished(events)?.usage
console.log(JSON.stringify(usage))
process.exit(usage?.promptTokens === 25 ? 0 : 1)
