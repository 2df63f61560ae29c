// Reproducer (outside the suite) of an @ai-sdk/openai 3 gap (ai 6's own provider generation, npm alias
// ai6-openai) pinned in tests/data/ai-sdk6-openai.verdicts.json (reasoning.raw-text.001, row 8.1.7): a
// Responses stream carrying the model's raw reasoning (`response.reasoning_text.delta` / `.done`) reaches the
// user as an empty reasoning part: the event is not among the chunk types the provider models
// (@ai-sdk/openai 3.0.141 dist/index.mjs:4940-4962), and the reasoning item's output_item.done brings only its
// (empty) summary. The same gap as @ai-sdk/openai 4 (ai-sdk-openai-responses-raw-reasoning.mjs).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-openai-raw-reasoning.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once a reasoning-delta carries the text).
import { createServer } from 'node:http'
import { streamText } from 'ai'
import { createOpenAI } from 'ai6-openai'

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
const openai = createOpenAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-x' })
const result = streamText({ model: openai('gpt-oss-120b'), prompt: 'Hi', maxRetries: 0 })
const chunks = []
for await (const c of result.toUIMessageStream({ sendReasoning: true })) chunks.push(c)
server.close()
console.log(chunks.map((c) => c.type).join(' '))
process.exit(chunks.some((c) => c.type === 'reasoning-delta' && c.delta.includes('Think')) ? 0 : 1)
