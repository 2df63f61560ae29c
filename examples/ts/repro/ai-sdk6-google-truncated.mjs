// Reproducer (outside the suite) of an @ai-sdk/google 3 defect (ai 6's own provider generation, npm alias
// ai6-google) pinned in tests/data/ai-sdk6-google.verdicts.json (finish.missing.001-.003, row 8.1.19): a
// streamGenerateContent stream that ends before any candidate carries a finishReason (the response was cut)
// is not reported. The provider's finish reason starts as 'other' (@ai-sdk/google 3.0.141 dist/index.mjs:2729)
// and its flush closes the open parts and always enqueues a `finish` with it (:3156, :3172), so ai 6.0.326's
// UI message stream ends with a normal `finish` ('other') and no error: the chat shows the cut answer as a
// complete one. @ai-sdk/google 4 starts from 'interrupted' instead (dist/index.js:2445), and the sibling
// provider of the same generation reports the cut as an error (@ai-sdk/openai-compatible 2.0.92
// dist/index.mjs:900, "Response stream ended without a finish reason.").
// Stream: one text chunk and nothing after it (no finishReason, no usageMetadata).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-google-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { createServer } from 'node:http'
import { streamText } from 'ai'
import { createGoogleGenerativeAI } from 'ai6-google'

const chunk = { candidates: [{ content: { role: 'model', parts: [{ text: 'The first three steps are' }] }, index: 0 }] }
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(`data: ${JSON.stringify(chunk)}\n\n`)
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const google = createGoogleGenerativeAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1beta`, apiKey: 'x' })
const result = streamText({ model: google('gemini-x'), prompt: 'Hi', maxRetries: 0 })
const types = []
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
  types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
}
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
