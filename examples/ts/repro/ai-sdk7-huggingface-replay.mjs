// Shared by the ai 7 + @ai-sdk/huggingface 2.0.48 reproducers (ai-sdk7-huggingface-*.mjs): a local server answers
// POST /v1/responses with the given Responses events (as Hugging Face's Responses server shapes them,
// huggingface/responses.js src/routes/responses.ts: response.created, output items, response.completed with no
// incomplete_details), then `streamText` over createHuggingFace(...)(model) runs and the UI message stream's chunks
// are returned. `cut: true` drops the connection after the events instead of ending the response.
import { createServer } from 'node:http'

const { streamText, jsonSchema, tool } = await import('ai7')
const { createHuggingFace } = await import('@ai-sdk/huggingface')

export const created = { type: 'response.created', sequence_number: 0,
  response: { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'm' } }
export const completed = { type: 'response.completed', sequence_number: 99,
  response: { id: 'resp_1', model: 'm', created_at: 0, status: 'completed', output: [],
    usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } }

export async function replay(events, { cut = false, tools = false } = {}) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`)
    if (cut) setImmediate(() => res.socket.destroy())
    else res.end()
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const model = createHuggingFace({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })('m')
  const result = streamText({ model, messages: [{ role: 'user', content: 'Hi' }], maxRetries: 0,
    ...(tools ? { tools: { get_weather: tool({ inputSchema: jsonSchema({ type: 'object', properties: {} }) }) } } : {}) })
  const chunks = []
  let thrown = null
  try {
    for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) chunks.push(c)
  } catch (e) {
    thrown = e
  }
  server.close()
  return { chunks, thrown }
}
