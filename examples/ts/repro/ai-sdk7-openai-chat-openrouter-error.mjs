// Reproducer (outside the suite) of a defect pinned in tests/data/ai-sdk7-openai-chat.verdicts.json
// (error.openrouter-midstream.001, row 8.1.17): ai 7.0.173 + @ai-sdk/openai 4.0.118's Chat Completions model
// (openai.chat, the factory its docs name for OpenAI-compatible endpoints without the Responses API,
// docs/03-openai.mdx:2661). OpenRouter reports a provider failure mid-stream as one more chunk with a
// top-level `error` and a choice finishing 'error'. The chunk schema (dist/index.js:1758) is
// z.union([chunk object, error object]): the chunk object matches first and strips `error`, so the
// `"error" in value` branch (:2360) never runs, and finish_reason 'error' maps to 'other' (:1689). The
// user sees the truncated answer as finished. @ai-sdk/openai-compatible turns the same chunk into an error.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-openai-chat-openrouter-error.mjs
// Prints the last chunk; exits 1 while the defect is present (0 once an `error` chunk carries the message).
import { createServer } from 'node:http'
import { createOpenAI } from '@ai-sdk/openai'
import { streamText } from 'ai7'

const chunk = (extra, delta, finish = null) => JSON.stringify({ id: 'gen-or-1', object: 'chat.completion.chunk',
  created: 0, model: 'mock/auto', ...extra, choices: [{ index: 0, delta, finish_reason: finish }] })
const body = [chunk({}, { role: 'assistant', content: 'Tides are caused' }),
  chunk({ error: { code: 'server_error', message: 'Provider disconnected unexpectedly' } }, { content: '' }, 'error')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${c}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const baseURL = `http://127.0.0.1:${server.address().port}/v1`
const model = createOpenAI({ baseURL, apiKey: 'x' }).chat('mock/auto')
const result = streamText({ model, messages: [{ role: 'user', content: 'Tell me about tides.' }], maxRetries: 0 })
let last = null
let shown = null
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
  last = c
  if (c.type === 'error') shown = c.errorText
}
server.close()
console.log(`the UI message stream ended with ${JSON.stringify(last)}; error chunk: ${JSON.stringify(shown)}`)
process.exit(shown?.includes('Provider disconnected') ? 0 : 1)
