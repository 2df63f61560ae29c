// Reproducer (outside the suite) of an @ai-sdk/perplexity 4.0.49 defect pinned in
// tests/data/ai-sdk7-perplexity.verdicts.json (finish.missing.001, row 8.1.19): a Chat Completions stream
// that ends with no `finish_reason` (cut before its last chunk) finishes 'other', the word for "the model
// stopped for other reasons", instead of 'interrupted'. doStream starts from
// `finishReason = { unified: "other" }` (dist/index.js:495-498) and nothing changes it without a
// finish_reason; the package is built on @ai-sdk/provider 4.0.18, whose finish vocabulary has no
// 'interrupted'. ai 7's Chat marks a message 'interrupted' and pauses its queue only on that word
// (ai 7.0.173 dist/index.js:22185, :22197) and otherwise sends the next automatic request (:22202): the
// cut answer is shown and handled as complete. @ai-sdk/groq 4.0.84 on the same bytes finishes 'interrupted'
// (dist/index.js:664-665), which this script prints beside it. The chunks carry what Perplexity's chunk
// has (id, object, created, model, choices; @perplexity-ai/perplexity_ai 0.38.1 CompletionResponse).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-perplexity-missing-finish.mjs
// Exits 1 while the defect is present (0 once @ai-sdk/perplexity finishes 'interrupted').
import { createServer } from 'node:http'
import { streamText } from 'ai7'
import { createPerplexity } from '@ai-sdk/perplexity'
import { createGroq } from '@ai-sdk/groq'

const chunk = (delta) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'sonar',
  choices: [{ index: 0, delta, finish_reason: null }] })
const body = [chunk({ role: 'assistant', content: 'Honey never' }), chunk({ content: ' spoils' })]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  // The stream stops before the chunk with finish_reason: the body ends cleanly, no [DONE].
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const baseURL = `http://127.0.0.1:${server.address().port}/v1`
async function finishOf(model) {
  const result = streamText({ model, prompt: 'A fact about honey?', maxRetries: 0 })
  let finish = null
  for await (const c of result.toUIMessageStream()) if (c.type === 'finish') finish = c.finishReason
  return finish
}
const perplexity = await finishOf(createPerplexity({ baseURL, apiKey: 'x' })('sonar'))
const groq = await finishOf(createGroq({ baseURL, apiKey: 'x' })('sonar'))
server.close()
console.log(`stream cut before its finish_reason: @ai-sdk/perplexity finishes ${JSON.stringify(perplexity)}, ` +
  `@ai-sdk/groq ${JSON.stringify(groq)}`)
process.exit(perplexity === 'interrupted' ? 0 : 1)
