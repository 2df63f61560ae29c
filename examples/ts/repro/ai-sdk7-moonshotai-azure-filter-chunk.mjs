// Reproducer (outside the suite) of an @ai-sdk/moonshotai 3.0.60 defect pinned in
// tests/data/ai-sdk7-moonshotai.verdicts.json (quirks.azure-filter-chunk.001, row 8.1.4; the chunk breaks the
// ChatCompletionChunk contract on purpose, graded on robustness). Azure's content-filter chunk
// (`object: ""`, empty id, model and `choices`, `prompt_filter_results`) fails the provider's chunk schema,
// whose `object` may only be 'chat.completion.chunk' or absent (dist/index.js:727); doStream turns the
// failed parse into an `error` part (:1218-1222), which the UI message stream sends as an `error` chunk:
// the user sees a "Type validation failed" error in the middle of an answer that goes on. Low exposure:
// Moonshot's own API is not known to send such a chunk. @ai-sdk/groq 4.0.84 and @ai-sdk/openai 4.0.118 skip it.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-moonshotai-azure-filter-chunk.mjs
// Prints the text and the errors; exits 1 while the defect is present (0 once "Hello there!" arrives with no error).
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createMoonshotAI } from '@ai-sdk/moonshotai'

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'kimi-k2.6',
  choices: [{ index: 0, delta, finish_reason: finish }] })
const filtered = { hate: { filtered: false, severity: 'safe' }, violence: { filtered: false, severity: 'safe' } }
const azure = { id: '', object: '', created: 0, model: '', choices: [], // Azure's content-filter chunk
  prompt_filter_results: [{ prompt_index: 0, content_filter_results: filtered }] }
const body = [chunk({ role: 'assistant', content: 'Hello' }), azure, chunk({ content: ' there!' }), chunk({}, 'stop')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const moonshot = createMoonshotAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })
const result = streamText({ model: moonshot('kimi-k2.6'), prompt: 'Hi', maxRetries: 0,
  onError: () => {} }) // the error chunks below say it; streamText's default onError would log each one
let text = ''
const errors = []
let finish = null
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
  if (c.type === 'text-delta') text += c.delta
  if (c.type === 'error') errors.push(c.errorText.split('\n')[0].slice(0, 80))
  if (c.type === 'finish') finish = c.finishReason
}
server.close()
console.log(`text ${JSON.stringify(text)}; finish ${JSON.stringify(finish)}; error chunks ${JSON.stringify(errors)}`)
process.exit(text === 'Hello there!' && errors.length === 0 ? 0 : 1)
