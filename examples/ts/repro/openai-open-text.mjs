// Shared by ai-sdk-openai-responses-open-text.mjs, ai-sdk6-openai-open-text.mjs: the same defect's reproducer for each
// package generation. `reproduce({ ..., provider })` runs it with the caller's `ai` functions and a
// `provider(baseURL)` of the caller's package, and returns the exit code (1 while the defect is present).
import { createServer } from 'node:http'

export async function reproduce({ streamText, provider }) {
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
  const model = provider(`http://127.0.0.1:${server.address().port}/v1`)
  const result = streamText({ model: model('gpt-4o'), prompt: 'Hi', maxRetries: 0 })
  const types = []
  for await (const c of result.toUIMessageStream()) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
  server.close()
  console.log(types.join(' '))
  const finish = types.findIndex((t) => t.startsWith('finish('))
  return types.indexOf('text-end') !== -1 && types.indexOf('text-end') < finish ? 0 : 1
}
