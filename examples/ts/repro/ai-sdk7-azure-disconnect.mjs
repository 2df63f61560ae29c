// ai-sdk-disconnect.mjs's defect (ai 7.0.173 dist/index.js:8002: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on ai 7 + @ai-sdk/azure
// 4.0.85 (its default Responses model, `POST {baseURL}/responses`), the connection cut mid-message.
// Pinned in tests/data/ai-sdk7-azure.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001
// row 8.1.21). The shared reproducer serves Chat Completions chunks; this one serves Responses events.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-azure-disconnect.mjs (exits 1 while the defect is present).
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createAzure } from '@ai-sdk/azure'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'gpt-5', output: [] }
const events = [
  { type: 'response.created', response, sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, sequence_number: 1,
    item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0,
    delta: 'Rivers carry water', logprobs: [], sequence_number: 2 },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
  setImmediate(() => res.socket.destroy()) // the connection drops: no response.completed
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const azure = createAzure({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'azure-x' })
const result = streamText({ model: azure('my-deployment'), prompt: 'Hi', maxRetries: 0 })
let last = null
let thrown = null
try {
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) last = c
} catch (e) {
  thrown = e
}
server.close()
if (thrown) {
  console.log(`the UI message stream threw ${thrown.name}: ${thrown.message} (last chunk ${JSON.stringify(last)})`)
  process.exit(1)
}
console.log(`the UI message stream ended with ${JSON.stringify(last)}`)
process.exit(last?.type === 'error' || (last?.type === 'finish' && last.finishReason === 'error') ? 0 : 1)
