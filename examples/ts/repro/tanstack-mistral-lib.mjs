// Shared by the tanstack-mistral-*.mjs reproducers (outside the suite): a local HTTP server that answers
// @tanstack/ai-mistral 0.6.7's `POST /v1/chat/completions` with the given Mistral SSE chunks, and one chat() call
// of `createMistralText` pointed at it (its documented `serverURL`), collecting every StreamChunk it yields.
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { createMistralText } from '@tanstack/ai-mistral'

/** A Mistral `chat.completion.chunk` with one choice (usage on the finish chunk, as Mistral sends it). */
export const chunk = (delta, finish = null, usage = undefined) => ({
  id: 'cmpl-1', object: 'chat.completion.chunk', created: 0, model: 'mistral-small-latest',
  choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })

/** A `tool_calls` delta of one call on `index`. */
export const call = (index, id, name, args) => chunk({ tool_calls: [{ index, ...(id ? { id } : {}),
  function: { ...(name ? { name } : {}), arguments: args } }] })

/** The SSE body of `chunks` (strings are sent as they are: a corrupted line), ended by `[DONE]` unless `done` is false. */
export const sse = (chunks, done = true) =>
  chunks.map((c) => `data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '')

/** Serve `handler(req, res)` on 127.0.0.1; returns {url, close, requests}. */
export async function serve(handler) {
  const requests = []
  const server = createServer((req, res) => {
    const entry = { closed: false }
    requests.push(entry)
    req.resume()
    res.on('close', () => { entry.closed = true })
    handler(req, res)
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${server.address().port}`, requests,
    close: () => { server.closeAllConnections?.(); server.close() } }
}

/** Serve one SSE body for every request. */
export const serveBody = (body) => serve((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body)
})

/** Run chat() once (one model turn) against `url`; returns the chunks, and the error chat() threw if any. */
export async function run(url, { tools = [], abortController, onChunk } = {}) {
  const adapter = createMistralText('mistral-small-latest', 'repro-key', { serverURL: url })
  const events = []
  try {
    for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Go.' }], tools, abortController,
      agentLoopStrategy: maxIterations(1) })) {
      events.push(c)
      onChunk?.(c)
    }
  } catch (error) {
    return { events, error }
  }
  return { events, error: null }
}

export const weather = [{ name: 'get_weather', description: 'Weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]
