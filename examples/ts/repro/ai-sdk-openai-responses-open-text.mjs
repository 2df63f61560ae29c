// Reproducer (outside the suite) of an @ai-sdk/openai defect pinned in tests/data/ai-sdk7-openai.verdicts.json
// (finish.missing.001 row 8.1.5, finish.missing.003 row 8.1.8): when a Responses stream ends before
// `response.completed` (and so before the item's `response.output_item.done`), the provider's finish
// leaves the open text (and reasoning) part unclosed: the part's `text-end` is sent only at
// output_item.done (@ai-sdk/openai 4.0.118 dist/index.js:8446) and flush() (:9111) closes nothing,
// while @ai-sdk/google 4.0.121 closes its open parts in flush (dist/index.js:2887-2894). ai 7's
// streamText passes that on: the UI message stream finishes with the text part still 'streaming'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk-openai-responses-open-text.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once text-end precedes finish).
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createOpenAI } from '@ai-sdk/openai'

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
for await (const c of result.toUIMessageStream()) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
server.close()
console.log(types.join(' '))
const finish = types.findIndex((t) => t.startsWith('finish('))
process.exit(types.indexOf('text-end') !== -1 && types.indexOf('text-end') < finish ? 0 : 1)
