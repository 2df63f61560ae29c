// Reproducer (outside the suite) of an @ai-sdk/openai 2 defect (ai 5's own provider generation, npm alias
// ai5-openai) pinned in tests/data/ai-sdk5-openai.verdicts.json (usage.undefined.001, row 8.2.stop;
// D-null-usage-drops-completion): a complete Responses stream whose response.completed says `usage: null`
// (Response.usage is Optional, openai 3.57.0 types/responses/response.py) loses its completion event.
// @ai-sdk/openai 2.0.131's response.completed schema requires a usage object (dist/index.mjs:3006-3012), so the
// event lands in the unknown_chunk fallback (:3264-3267) and the finish reason stays 'unknown' (:4308): ai 5's UI
// message stream finishes 'unknown' where the model stopped normally ('stop'). @ai-sdk/openai 3 finishes 'stop'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-null-usage.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the finish says 'stop').
import { createServer } from 'node:http'
import { streamText } from 'ai5'
import { createOpenAI } from 'ai5-openai'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'gpt-4o', output: [] }
const item = { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant',
  content: [{ type: 'output_text', text: 'Pong.', annotations: [] }] }
const events = [
  { type: 'response.created', response, sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, sequence_number: 1,
    item: { ...item, status: 'in_progress', content: [] } },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Pong.',
    logprobs: [], sequence_number: 2 },
  { type: 'response.output_item.done', output_index: 0, item, sequence_number: 3 },
  { type: 'response.completed', sequence_number: 4,
    response: { ...response, status: 'completed', output: [item], usage: null } },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const openai = createOpenAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-x' })
const result = streamText({ model: openai('gpt-4o'), prompt: 'Ping?', maxRetries: 0 })
const types = []
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
server.close()
console.log(types.join(' '))
process.exit(types.includes('finish(stop)') ? 0 : 1)
