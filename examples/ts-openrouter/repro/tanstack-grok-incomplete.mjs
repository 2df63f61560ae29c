// Reproducer (outside the suite) of a defect pinned in tests/data/tanstack-ai-grok.verdicts.json
// (finish.length.001 row 8.2.length, finish.content-filter.001 row 8.2.content-filter, tool.malformed.001 row
// 8.1.13): createGrokText (@tanstack/ai-grok 0.18.3, a @tanstack/openai-base 0.10.9 Responses adapter) turns
// `response.incomplete`, which xAI's Responses API sends for a response cut by max_output_tokens or its content
// filter (@ai-sdk/xai 5.0.12 maps both reasons, dist/index.js:638-643), into RUN_ERROR{code:'incomplete'} instead
// of RUN_FINISHED{finishReason:'length'}: openai-base dist/esm/adapters/responses-text.js:711 returns with an
// error; its response.completed branch maps incomplete_details.reason (:1084-1085) but is never reached for it.
// The same line as tanstack-ai-openai-responses's D-incomplete (the file is byte-identical in openai-base 0.10.15).
// Prints the terminal event; exits 1 while the defect is present (0 once a length stop finishes with 'length').
import { messageEvents, response, run } from './tanstack-grok-lib.mjs'

const { item, events } = messageEvents('Once upon a time', 'incomplete')
const { chunks } = await run([...events, { type: 'response.incomplete', response: response('incomplete', {
  output: [item], incomplete_details: { reason: 'max_output_tokens' },
  usage: { input_tokens: 5, output_tokens: 4, total_tokens: 9 } }) }])
const terminal = chunks.findLast((c) => c.type === 'RUN_FINISHED' || c.type === 'RUN_ERROR')
console.log(`response.incomplete{max_output_tokens} -> ${terminal?.type} ${JSON.stringify(
  terminal?.finishReason ?? terminal?.code ?? null)}`)
process.exit(terminal?.type === 'RUN_FINISHED' && terminal.finishReason === 'length' ? 0 : 1)
