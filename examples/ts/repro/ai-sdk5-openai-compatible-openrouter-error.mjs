// Reproducer (outside the suite) of D-openrouter-error in @ai-sdk/openai-compatible 1.0.61 (ai 5's own provider
// generation, npm alias ai5-openai-compatible) under ai 5.0.277, pinned in
// tests/data/ai-sdk5-openai-compatible.verdicts.json (error.openrouter-midstream.001, row 8.1.17). OpenRouter reports
// a provider failure mid-stream as one more chunk with a top-level `error` and a choice finishing 'error'. The chunk
// schema (dist/index.mjs:716) is z.union([chunk object, error schema]): the chunk object, a plain z.object, matches
// first and strips `error`, so the `"error" in value` branch (:561) never runs, and finish_reason 'error' maps to
// 'unknown' (:188-189). The user sees the truncated answer as finished (finish 'unknown'). @ai-sdk/openai-compatible
// 2.0.92 (ai 6's generation) turns the same chunk into an `error` chunk.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-compatible-openrouter-error.mjs
// Prints the last chunk; exits 1 while the defect is present (0 once an `error` chunk carries the message).
import { createServer } from 'node:http'
import { createOpenAICompatible } from 'ai5-openai-compatible'
import { streamText } from 'ai5'

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
const model = createOpenAICompatible({ name: 'mock', baseURL }).chatModel('mock/auto')
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
