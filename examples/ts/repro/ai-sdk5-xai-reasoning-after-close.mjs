// Reproducer (outside the suite) of an @ai-sdk/xai 2.0.95 defect (ai 5's own provider generation, npm alias ai5-xai)
// pinned in tests/data/ai-sdk5-xai.verdicts.json (ids.reuse.002, reasoning.interleaved.001; row 8.4.2,
// D-reasoning-after-close): reasoning that resumes after text in the same Chat Completions response
// (`delta.reasoning_content`, then `delta.content`, then `delta.reasoning_content` again) goes to the reasoning part
// the provider already ended. The chat model names the part `reasoning-<chunk id>` (dist/index.mjs:731), ends it when
// text arrives (:702-709), and on the next reasoning delta finds its contentBlocks entry (:736) and sends
// `reasoning-delta` with no new `reasoning-start` (:744-748); ai 5.0.277's streamText answers 'reasoning part ... not
// found' (dist/index.mjs:5165-5180) with an `error` chunk, and the resumed reasoning is lost. The same code as 3.0.99's
// (ai-sdk6-xai-reasoning-after-close.mjs). A local server plays the stream (three deltas, then finish_reason 'stop').
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-xai-reasoning-after-close.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once both reasoning pieces reach the UI stream).
import { createServer } from 'node:http'
import { streamText } from 'ai5'
import { createXai } from 'ai5-xai'

const chunk = (delta, finish_reason = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0,
  model: 'grok-4', choices: [{ index: 0, delta, finish_reason }] })
const body = [chunk({ role: 'assistant', reasoning_content: 'Part one.' }), chunk({ content: 'Answer.' }),
  chunk({ reasoning_content: ' Part two.' }), chunk({}, 'stop')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const model = createXai({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })('grok-4')
const result = streamText({ model, prompt: 'Think twice.', maxRetries: 0 })
const types = []
let reasoning = ''
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
  types.push(c.type === 'error' ? `error(${c.errorText})` : c.type)
  if (c.type === 'reasoning-delta') reasoning += c.delta
}
server.close()
console.log(types.join(' '))
process.exit(!types.some((t) => t.startsWith('error')) && reasoning === 'Part one. Part two.' ? 0 : 1)
