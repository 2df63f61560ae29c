// Reproducer (outside the suite) of an @ai-sdk/azure defect pinned in tests/data/ai-sdk7-azure.verdicts.json
// (finish.missing.001/.002/.003, row 8.1.19): @ai-sdk/azure 4.0.85 (npm latest) depends on exactly
// @ai-sdk/openai 4.0.81, whose Responses model starts doStream from finishReason {unified: 'other'}
// (dist/internal/index.js:8465-8468) and keeps it when the stream ends before response.completed /
// .incomplete / .failed. @ai-sdk/openai 4.0.100 fixed this ("Report `interrupted` when a stream ends cleanly
// without its provider completion signal ... These streams previously fell back to `other`", its CHANGELOG,
// 43ad966); 4.0.118 starts from 'interrupted'. An Azure user does not get the fix: ai 7's Chat shows the cut
// answer as a complete one (no 'interrupted' mark) and goes on with its automatic follow-ups.
// The default model `azure(deployment)` is the Responses API; a baseURL off Azure's hosts is used as
// `{baseURL}{path}` (its docs: a non-Azure custom gateway), so this server sees POST /v1/responses.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-azure-missing-finish.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once a cut stream finishes 'interrupted' or 'error').
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createAzure } from '@ai-sdk/azure'

const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'gpt-5', output: [] }
const events = [
  { type: 'response.created', response, sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, sequence_number: 1,
    item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Honey never',
    logprobs: [], sequence_number: 2 },
]
const paths = []
const server = createServer((req, res) => {
  paths.push(`${req.method} ${req.url}`)
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('')) // no response.completed
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const azure = createAzure({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'azure-x' })
const result = streamText({ model: azure('my-deployment'), prompt: 'Hi', maxRetries: 0 })
const types = []
for await (const c of result.toUIMessageStream()) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
server.close()
console.log(paths.join(', '))
console.log(types.join(' '))
process.exit(types.includes('finish(interrupted)') || types.includes('finish(error)') || types.includes('error') ? 0 : 1)
