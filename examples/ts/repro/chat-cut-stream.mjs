// Shared by the reproducers of a Chat Completions stream cut before its finish_reason (ai-sdk6-*-truncated.mjs,
// ai-sdk7-*-missing-finish.mjs): a local server answers every POST with two text chunks and ends the body cleanly,
// with no chunk that carries a finish_reason and no [DONE]. `uiChunks(streamText, model)` runs `streamText` over it
// and returns the UI message stream's chunk types (the finish as `finish(<reason>)`): the caller reads whether the
// cut was reported (an `error` chunk, or ai 7's finish reason 'interrupted').
import { createServer } from 'node:http'

const chunk = (delta) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'mock',
  choices: [{ index: 0, delta, finish_reason: null }] })
const body = [chunk({ role: 'assistant', content: 'Honey never' }), chunk({ content: ' spoils' })]

/** Start the cut-stream server; returns its `/v1` base URL and `close()`. */
export async function cutServer() {
  const server = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join(''))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { baseURL: `http://127.0.0.1:${server.address().port}/v1`, close: () => server.close() }
}

/** The UI message stream chunk types `streamText` gives for `model` over the cut stream. */
export async function uiChunks(streamText, model) {
  const result = streamText({ model, prompt: 'A fact about honey?', maxRetries: 0 })
  const types = []
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
    types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
  }
  return types
}

/** The finish reason of the UI message stream's `finish` chunk (null: none). */
export async function finishOf(streamText, model) {
  const finish = (await uiChunks(streamText, model)).find((t) => t.startsWith('finish('))
  return finish ? finish.slice('finish('.length, -1) : null
}
