// Reproducer (outside the suite) of a TanStack AI defect pinned in
// tests/data/tanstack-ai-openai-responses.verdicts.json (finish.length.001 row 8.2.length,
// finish.content-filter.001 row 8.2.content-filter, tool.malformed.001 row 8.1.13): `openaiText`, the
// Responses adapter, turns `response.incomplete` (the Responses API's normal end for a response cut
// by max_output_tokens or the content filter) into RUN_ERROR{code:'incomplete'} instead of
// RUN_FINISHED{finishReason:'length'|'content_filter'}: @tanstack/openai-base 0.10.15
// dist/esm/adapters/responses-text.js:711 returns with an error, although its response.completed
// branch maps incomplete_details.reason to 'length'/'content_filter' (:1084-1085), a branch that
// response.completed (which has no incomplete_details) never reaches.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-responses-incomplete.mjs
// Prints the terminal event; exits 1 while the defect is present (0 once a length stop finishes with 'length').
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { openaiText } from '@tanstack/ai-openai'

const response = (status, extra) => ({ id: 'resp_1', object: 'response', created_at: 0, status, model: 'gpt-4o',
  output: [], ...extra })
const item = { id: 'msg_1', type: 'message', status: 'incomplete', role: 'assistant',
  content: [{ type: 'output_text', text: 'Once upon a time', annotations: [] }] }
const events = [
  { type: 'response.created', response: response('in_progress'), sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] },
    sequence_number: 1 },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0,
    delta: 'Once upon a time', logprobs: [], sequence_number: 2 },
  { type: 'response.output_item.done', output_index: 0, item, sequence_number: 3 },
  { type: 'response.incomplete', sequence_number: 4, response: response('incomplete', {
    output: [item], incomplete_details: { reason: 'max_output_tokens' },
    usage: { input_tokens: 5, output_tokens: 4, total_tokens: 9 } }) },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
process.env.OPENAI_API_KEY ??= 'sk-x'
const adapter = openaiText('gpt-4o', { baseURL: `http://127.0.0.1:${server.address().port}/v1`, maxRetries: 0 })
let terminal
for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Tell a story' }],
  agentLoopStrategy: maxIterations(1) })) {
  if (c.type === 'RUN_FINISHED' || c.type === 'RUN_ERROR') terminal = c
}
server.close()
console.log(`response.incomplete{max_output_tokens} -> ${terminal?.type} ${JSON.stringify(
  terminal?.finishReason ?? terminal?.code ?? null)}`)
process.exit(terminal?.type === 'RUN_FINISHED' && terminal.finishReason === 'length' ? 0 : 1)
