// Reproducer of a @tanstack/ai-anthropic 0.18.11 defect (tests/data/tanstack-ai-anthropic.verdicts.json,
// finish.other.001 / finish.unknown.001, row 8.3.v3, D-usage-no-stop-reason): a message_delta whose
// stop_reason is null (`BetaStopReason | null` in @anthropic-ai/sdk 0.97.1) is skipped whole, its usage
// with it (dist/esm/adapters/text.js:766 `if (event.delta.stop_reason)`), and message_stop then ends the run
// with a RUN_FINISHED that has no usage (:757): the output tokens the provider reported are lost.
// Run: node examples/ts/repro/tanstack-anthropic-usage-no-stop-reason.mjs (exits 1 while present).
import { end, finished, runAnthropic, start, textBlock } from './tanstack-anthropic-lib.mjs'

const events = await runAnthropic([start(25), ...textBlock(0, 'Pausing here.'), ...end(null, 7)])
const usage = finished(events)?.usage
console.log(JSON.stringify(finished(events)))
process.exit(usage?.completionTokens === 7 ? 0 : 1)
