// Reproducer (outside the suite) of a gap pinned in tests/data/ai-sdk7-azure.verdicts.json (reasoning.raw-text.001,
// row 8.1.7): @ai-sdk/azure 4.0.85's default model is the Responses model of the @ai-sdk/openai 4.0.81 it depends on
// exactly, which does not model `response.reasoning_text.delta` / `.done` (the raw reasoning events of the
// published Responses stream, openai 3.57.0 types): they are not in its openaiResponsesModeledChunkTypes
// (dist/internal/index.js:5568-5590) and are dropped, and the reasoning item's output_item.done brings only its
// (empty) summary, so the user sees an empty reasoning part. The same gap as @ai-sdk/openai 4.0.118's
// (ai-sdk-openai-responses-raw-reasoning.mjs); whether Azure's Responses server streams raw reasoning for a
// deployment, @ai-sdk/azure's docs do not say.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-azure-raw-reasoning.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once a reasoning-delta carries the text).
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createAzure } from '@ai-sdk/azure'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'gpt-oss-120b', output: [] }
const reasoning = { id: 'rs_1', type: 'reasoning', summary: [] }
const message = { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] }
const done = { ...response, status: 'completed', usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14,
  input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 4 } } }
const events = [
  { type: 'response.created', response },
  { type: 'response.output_item.added', output_index: 0, item: reasoning },
  { type: 'response.reasoning_text.delta', item_id: 'rs_1', output_index: 0, content_index: 0, delta: 'Think first.' },
  { type: 'response.reasoning_text.done', item_id: 'rs_1', output_index: 0, content_index: 0, text: 'Think first.' },
  { type: 'response.output_item.done', output_index: 0,
    item: { ...reasoning, content: [{ type: 'reasoning_text', text: 'Think first.' }] } },
  { type: 'response.output_item.added', output_index: 1, item: message },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta: 'Hi.', logprobs: [] },
  { type: 'response.output_item.done', output_index: 1, item: { ...message, status: 'completed',
    content: [{ type: 'output_text', text: 'Hi.', annotations: [] }] } },
  { type: 'response.completed', response: done },
].map((e, i) => ({ ...e, sequence_number: i }))
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const azure = createAzure({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'azure-x' })
const result = streamText({ model: azure('my-gpt-oss-deployment'), prompt: 'Hi', maxRetries: 0 })
const chunks = []
for await (const c of result.toUIMessageStream({ sendReasoning: true })) chunks.push(c)
server.close()
console.log(chunks.map((c) => c.type).join(' '))
process.exit(chunks.some((c) => c.type === 'reasoning-delta' && c.delta.includes('Think')) ? 0 : 1)
