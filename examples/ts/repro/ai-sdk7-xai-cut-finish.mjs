// Reproducer (outside the suite) of an @ai-sdk/xai defect pinned in tests/data/ai-sdk7-xai.verdicts.json
// (finish.missing.001/.002, row 8.1.19): when xAI's Responses stream ends before its terminal event
// (response.completed / .incomplete / .failed), the provider finishes the step as if the model had stopped
// for an unnamed reason: `finishReason` starts as {unified: 'other'} (@ai-sdk/xai 5.0.12 dist/index.js:2058-2061)
// and flush() sends it (:2559). The provider spec v4 has a word for this, 'interrupted', which
// @ai-sdk/openai 4.0.118 starts from on the same wire (dist/index.js:8205-8208); ai 7's Chat marks an
// 'interrupted' message and pauses its queue (ai 7.0.173 dist/index.js:22185, :22197), while after 'other'
// it shows the cut answer as complete and goes on with automatic follow-ups (:22202).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-xai-cut-finish.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once a cut stream finishes 'interrupted' or 'error').
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createXai } from '@ai-sdk/xai'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'grok-4.7', output: [] }
const events = [
  { type: 'response.created', response, sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, sequence_number: 1,
    item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0,
    delta: 'Honey never', sequence_number: 2 },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('')) // no response.completed
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const xai = createXai({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'xai-x' })
const result = streamText({ model: xai('grok-4.7'), prompt: 'Hi', maxRetries: 0 })
const types = []
for await (const c of result.toUIMessageStream()) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
server.close()
console.log(types.join(' '))
process.exit(types.some((t) => t === 'finish(interrupted)' || t === 'finish(error)' || t === 'error') ? 0 : 1)
