// Reproducer (outside the suite) of a TanStack AI defect pinned in
// tests/data/tanstack-ai-openai-responses.verdicts.json (usage.nested.001, row 8.3.v3): `openaiText`
// drops the Responses usage's `input_tokens_details.cache_write_tokens` (a required field of
// `ResponseUsage.InputTokensDetails` in openai 6.49.0 resources/responses/responses.d.ts:5896),
// although TanStack's usage type has the field for it (`PromptTokensDetails.cacheWriteTokens`,
// @tanstack/ai-event-client dist/esm/index.d.ts:103): buildResponsesUsage
// (@tanstack/openai-base 0.10.15 dist/esm/usage.js:49) copies cached_tokens and reasoning_tokens only.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-responses-cache-write.mjs
// Prints RUN_FINISHED's usage; exits 1 while the defect is present (0 once cacheWriteTokens is reported).
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { openaiText } from '@tanstack/ai-openai'

const item = { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant',
  content: [{ type: 'output_text', text: 'Hi', annotations: [] }] }
const usage = { input_tokens: 1200, input_tokens_details: { cached_tokens: 900, cache_write_tokens: 100 },
  output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 1202 }
const response = (status, extra) => ({ id: 'resp_1', object: 'response', created_at: 0, status, model: 'gpt-4o',
  output: [], ...extra })
const events = [
  { type: 'response.created', response: response('in_progress'), sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] },
    sequence_number: 1 },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi',
    logprobs: [], sequence_number: 2 },
  { type: 'response.output_item.done', output_index: 0, item, sequence_number: 3 },
  { type: 'response.completed', response: response('completed', { output: [item], usage }), sequence_number: 4 },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
process.env.OPENAI_API_KEY ??= 'sk-x'
const adapter = openaiText('gpt-4o', { baseURL: `http://127.0.0.1:${server.address().port}/v1`, maxRetries: 0 })
let reported
for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Hi' }], agentLoopStrategy: maxIterations(1) })) {
  if (c.type === 'RUN_FINISHED') reported = c.usage
}
server.close()
console.log(`cache_write_tokens 100 -> RUN_FINISHED usage ${JSON.stringify(reported)}`)
process.exit(reported?.promptTokensDetails?.cacheWriteTokens === 100 ? 0 : 1)
