// Reproducer (outside the suite) of an @ai-sdk/openai 2 defect (ai 5's own provider generation, npm alias
// ai5-openai) pinned in tests/data/ai-sdk5-openai.verdicts.json (finish.missing.001-.003, row 8.1.19): a
// Responses stream cut before `response.completed` is not reported. The provider's finish reason starts as
// 'unknown' (@ai-sdk/openai 2.0.131 dist/index.mjs:4308) and flush() always enqueues a `finish` with it
// (:4762-4790), so ai 5.0.277's UI message stream ends with a normal `finish` ('unknown') and no error: the
// chat shows the cut answer as complete (@ai-sdk/openai 3 the same with 'other'; 4 finishes 'interrupted'; the sibling
// @ai-sdk/openai-compatible 2.0.92 reports the same cut as an error, dist/index.mjs:900).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { createServer } from 'node:http'
import { streamText } from 'ai5'
import { createOpenAI } from 'ai5-openai'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'gpt-4o', output: [] }
const events = [
  { type: 'response.created', response, sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, sequence_number: 1,
    item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Honey never',
    logprobs: [], sequence_number: 2 },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('')) // no response.completed
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const openai = createOpenAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-x' })
const result = streamText({ model: openai('gpt-4o'), prompt: 'Hi', maxRetries: 0 })
const types = []
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
