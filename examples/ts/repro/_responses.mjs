// Shared by the reproducers that play canned OpenAI Responses events to an AI SDK OpenAI provider (outside the
// suite): the events that open a text message, and one streamText run on a one-route local server answering them,
// read as the UI message stream's chunk types.
import { createServer } from 'node:http'

export const response = { id: 'resp_1', object: 'response', created_at: 0, status: 'in_progress', model: 'gpt-4o', output: [] }

/** response.created, a message item added and its first text delta (sequence numbers 0-2). */
export const textOpened = (delta) => [
  { type: 'response.created', response, sequence_number: 0 },
  { type: 'response.output_item.added', output_index: 0, sequence_number: 1,
    item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta,
    logprobs: [], sequence_number: 2 },
]

/**
 * The UI message stream chunk types (a finish as `finish(<reason>)`) of `streamText` (the `ai` generation's own) on
 * `createOpenAI`'s default model, whose server answers every request with `events` as SSE.
 */
export async function uiChunkTypes({ streamText, createOpenAI, events, prompt = 'Hi' }) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const openai = createOpenAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-x' })
  const result = streamText({ model: openai('gpt-4o'), prompt, maxRetries: 0 })
  const types = []
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
    types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
  }
  server.close()
  return types
}
