// Reproducer (outside the suite) of an @ai-sdk/openai 3 defect (ai 6's own provider generation, npm alias
// ai6-openai) pinned in tests/data/ai-sdk6-openai.verdicts.json (finish.missing.001 row 8.1.5, .003 row 8.1.8):
// when a Responses stream ends before `response.completed` (and so before the item's output_item.done), the
// open text (and reasoning) part is never closed: text-end is sent only at output_item.done
// (@ai-sdk/openai 3.0.141 dist/index.mjs:7515) and flush() (:8234-8267) closes nothing but buffered tool inputs.
// ai 6.0.326's UI message stream then finishes with the text part still 'streaming'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-openai-open-text.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once text-end precedes finish).
import { createServer } from 'node:http'
import { streamText } from 'ai'
import { createOpenAI } from 'ai6-openai'

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
