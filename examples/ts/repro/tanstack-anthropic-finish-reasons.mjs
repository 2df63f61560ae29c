// Reproducer of three @tanstack/ai-anthropic 0.18.11 defects (tests/data/tanstack-ai-anthropic.verdicts.json):
// the finish reason is stop_reason alone (dist/esm/adapters/text.js:783):
// - D-finish-from-stop-reason: end_turn after a tool_use block is finishReason 'stop', and chat() runs tool
//   calls only on 'tool_calls' (@tanstack/ai 0.58.0 dist/esm/activities/chat/index.js:958, :999);
// - D-refusal-stop: stop_reason 'refusal' falls into the default branch as 'stop' (:813), never 'content_filter';
// - D-max-tokens-error: 'max_tokens' is RUN_ERROR{code:'max_tokens'} (:799), not RUN_FINISHED 'length'.
// Run: node examples/ts/repro/tanstack-anthropic-finish-reasons.mjs (exits 1 while any is present).
import { end, finished, reason, runAnthropic, start, textBlock, toolArgs, toolStart, types, weatherTool }
  from './tanstack-anthropic-lib.mjs'

const withCall = await runAnthropic([start(), toolStart(0, 'toolu_1'), toolArgs(0, '{"city":"Paris"}'),
  { type: 'content_block_stop', index: 0 }, ...end('end_turn')], { tools: weatherTool })
const refusal = await runAnthropic([start(), ...textBlock(0, 'I cannot help with that.'), ...end('refusal')])
const length = await runAnthropic([start(), ...textBlock(0, 'The answer is'), ...end('max_tokens')])
const got = {
  'end_turn with a call': reason(finished(withCall)),
  refusal: reason(finished(refusal)),
  max_tokens: reason(finished(length)) ?? types(length).split(' ').at(-1),
}
console.log(JSON.stringify(got))
process.exit(got['end_turn with a call'] === 'tool_calls' && got.refusal === 'content_filter'
  && got.max_tokens === 'length' ? 0 : 1)
