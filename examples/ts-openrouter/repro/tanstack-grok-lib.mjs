// Shared by the tanstack-ai-grok reproducers (outside the suite): a one-route server on 127.0.0.1 that answers
// every POST /v1/responses with canned Responses SSE events, and TanStack AI's chat() (@tanstack/ai 0.52.3) over
// @tanstack/ai-grok 0.18.3's createGrokText (GrokTextAdapter, @tanstack/openai-base 0.10.9's Responses adapter)
// pointed at it with the client's `baseURL` (utils/client.js withGrokDefaults keeps a given one).
// Run any of them with: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/<file>.mjs
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { createGrokText } from '@tanstack/ai-grok'

/** A Responses `response` object in state `status`. */
export const response = (status, extra = {}) => ({ id: 'resp_1', object: 'response', created_at: 0, status,
  model: 'grok-4.3', output: [], ...extra })

/** The events of one assistant message item streaming `text`, at `output_index` 0. */
export function messageEvents(text, status = 'completed') {
  const item = { id: 'msg_1', type: 'message', status, role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }] }
  return { item, events: [
    { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
    { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: text,
      logprobs: [] },
    { type: 'response.output_item.done', output_index: 0, item },
  ] }
}

/**
 * Serve `events` (numbered in order, after a response.created) to every request and run chat() to its end with
 * `options`. Returns every chunk chat() yielded and the last request body.
 */
export async function run(events, options = {}) {
  let body = null
  const all = [{ type: 'response.created', response: response('in_progress') }, ...events]
    .map((e, i) => ({ ...e, sequence_number: i }))
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (d) => { text += d })
    req.on('end', () => {
      body = JSON.parse(text)
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end(all.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
    })
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const adapter = createGrokText('grok-4.3', 'xai-x', {
    baseURL: `http://127.0.0.1:${server.address().port}/v1`, maxRetries: 0 })
  const chunks = []
  try {
    for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Hi' }], debug: false,
      agentLoopStrategy: maxIterations(1), ...options })) {
      chunks.push(c)
    }
  } finally {
    server.close()
  }
  return { chunks, body }
}
