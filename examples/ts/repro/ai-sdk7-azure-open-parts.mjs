// Reproducer (outside the suite) of an @ai-sdk/azure defect pinned in tests/data/ai-sdk7-azure.verdicts.json
// (finish.missing.001 row 8.1.5, finish.missing.003 row 8.1.8): its default model runs the Responses model of
// the @ai-sdk/openai 4.0.81 it depends on exactly, which sends a part's text-end / reasoning-end only at
// response.output_item.done (dist/internal/index.js:8722, :9205) and whose flush() (:9536) closes nothing: a
// stream that ends before its item is done finishes with the part still open (the defect
// ai-sdk-openai-responses-open-text.mjs shows on @ai-sdk/openai 4.0.118; here on what an Azure user runs).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-azure-open-parts.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once reasoning-end and text-end precede finish).
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createAzure } from '@ai-sdk/azure'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'gpt-5', output: [] }
const reasoning = { id: 'rs_1', type: 'reasoning', summary: [] }
const message = { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] }
// Two streams, each cut before its item is done (and before response.completed): a message, a reasoning item.
const streams = {
  text: [
    { type: 'response.created', response },
    { type: 'response.output_item.added', output_index: 0, item: message },
    { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Honey never',
      logprobs: [] },
  ],
  reasoning: [
    { type: 'response.created', response },
    { type: 'response.output_item.added', output_index: 0, item: reasoning },
    { type: 'response.reasoning_summary_part.added', item_id: 'rs_1', output_index: 0, summary_index: 0,
      part: { type: 'summary_text', text: '' } },
    { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0,
      delta: 'Check the divisors.' },
    { type: 'response.reasoning_summary_part.done', item_id: 'rs_1', output_index: 0, summary_index: 0,
      part: { type: 'summary_text', text: 'Check the divisors.' } },
  ],
}
let serving = []
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(serving.map((e, i) => `event: ${e.type}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const azure = createAzure({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'azure-x' })
let open = 0
for (const [kind, events] of Object.entries(streams)) {
  serving = events
  const result = streamText({ model: azure('my-deployment'), prompt: 'Hi', maxRetries: 0 })
  const types = []
  for await (const c of result.toUIMessageStream({ sendReasoning: true })) {
    types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
  }
  console.log(`${kind}: ${types.join(' ')}`)
  const end = types.indexOf(`${kind}-end`)
  if (end === -1 || end > types.findIndex((t) => t.startsWith('finish('))) open += 1
}
server.close()
process.exit(open === 0 ? 0 : 1)
