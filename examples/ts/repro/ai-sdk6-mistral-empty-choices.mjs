// Reproducer (outside the suite) of an @ai-sdk/mistral 3.0.68 defect (ai 6's own provider generation, npm alias
// ai6-mistral) pinned in tests/data/ai-sdk6-mistral.verdicts.json (quirks.azure-filter-chunk.001, ERROR; the chunk
// breaks the ChatCompletionChunk contract on purpose, graded on robustness). A chunk whose `choices` is empty passes
// the provider's own chunk schema (`choices: z4.array(...)`, dist/index.mjs:814) and then doStream's transform reads
// `value.choices[0].delta` unguarded (dist/index.mjs:584-585): a TypeError that errors the stream after the first
// text, and the rest of the answer is lost. @ai-sdk/mistral 4.0.87 has the same defect
// (examples/ts/repro/ai-sdk7-mistral-empty-choices.mjs).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-mistral-empty-choices.mjs
// Prints the text and how the stream ended; exits 1 while the defect is present (0 once "Hello there!" arrives).
import { createServer } from 'node:http'
import { streamText } from 'ai'
import { createMistral } from 'ai6-mistral'

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'mistral-x',
  choices: [{ index: 0, delta, finish_reason: finish }] })
const empty = { id: '', object: '', created: 0, model: '', choices: [] } // Azure's content-filter chunk shape
const body = [chunk({ role: 'assistant', content: 'Hello' }), empty, chunk({ content: ' there!' }), chunk({}, 'stop')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const mistral = createMistral({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })
const result = streamText({ model: mistral('mistral-x'), prompt: 'Hi', maxRetries: 0 })
let text = ''
let ended = 'finish'
try {
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
    if (c.type === 'text-delta') text += c.delta
    if (c.type === 'error') ended = `error chunk: ${c.errorText}`
  }
} catch (e) {
  ended = `the UI message stream threw ${e.name}: ${e.message}`
}
server.close()
console.log(`text ${JSON.stringify(text)}; ${ended}`)
process.exit(text === 'Hello there!' ? 0 : 1)
