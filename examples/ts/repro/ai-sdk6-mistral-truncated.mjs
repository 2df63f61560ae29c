// Reproducer (outside the suite) of an @ai-sdk/mistral 3.0.68 defect (ai 6's own provider generation, npm alias
// ai6-mistral) pinned in tests/data/ai-sdk6-mistral.verdicts.json (finish.missing.001-.003, row 8.1.19): a Chat
// Completions stream that ends with no `finish_reason` (cut before its last chunk) is not reported. doStream starts
// from `finishReason = { unified: "other" }` (dist/index.mjs:545-548), only a finish_reason changes it (:682-686),
// and flush() always enqueues a `finish` with it (:711-715), so ai 6.0.326's UI message stream ends with a normal
// `finish` ('other') and no error: the chat shows the cut answer as complete. @ai-sdk/mistral 4.0.87 (ai 7's
// generation) starts from 'interrupted' instead (dist/index.js:746); @ai-sdk/groq 3.0.71 has the same defect.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-mistral-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { createServer } from 'node:http'
import { streamText } from 'ai'
import { createMistral } from 'ai6-mistral'

const chunk = (delta) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'mistral-small-latest',
  choices: [{ index: 0, delta, finish_reason: null }] })
const body = [chunk({ role: 'assistant', content: 'Honey never' }), chunk({ content: ' spoils' })]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  // The stream stops before the chunk with finish_reason: the body ends cleanly, no [DONE].
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const mistral = createMistral({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })
const result = streamText({ model: mistral('mistral-small-latest'), prompt: 'A fact about honey?', maxRetries: 0 })
const types = []
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
  types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
}
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
