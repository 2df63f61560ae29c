// Reproducer (outside the suite) of an @ai-sdk/xai defect pinned in tests/data/ai-sdk7-xai.verdicts.json
// (finish.missing.003, row 8.1.8): when xAI's Responses stream ends inside a reasoning item (no
// response.output_item.done for it, no response.completed), the provider's flush() closes the open text
// blocks only (@ai-sdk/xai 5.0.12 dist/index.js:2550-2557); a reasoning part is ended only at its item's
// output_item.done (:2309-2336), so the finish comes with the reasoning part never ended. ai 7's UI message
// stream passes that on: the reasoning part stays 'streaming' in the finished message (ai 7.0.173
// dist/index.js:7222-7234). The reasoning item carries the `status` xAI's server sends on every item.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-xai-open-reasoning.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once reasoning-end precedes finish).
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createXai } from '@ai-sdk/xai'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'grok-4.7', output: [] }
const events = [
  { type: 'response.created', response, sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, sequence_number: 1,
    item: { id: 'rs_1', type: 'reasoning', summary: [], status: 'in_progress' } },
  { type: 'response.reasoning_summary_part.added', item_id: 'rs_1', output_index: 0, summary_index: 0,
    part: { type: 'summary_text', text: '' }, sequence_number: 2 },
  { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0,
    delta: 'The riddle is about', sequence_number: 3 },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('')) // the stream stops here
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const xai = createXai({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'xai-x' })
const result = streamText({ model: xai('grok-4.7'), prompt: 'Hi', maxRetries: 0 })
const types = []
for await (const c of result.toUIMessageStream()) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
server.close()
console.log(types.join(' '))
const finish = types.findIndex((t) => t.startsWith('finish('))
process.exit(types.indexOf('reasoning-end') !== -1 && types.indexOf('reasoning-end') < finish ? 0 : 1)
