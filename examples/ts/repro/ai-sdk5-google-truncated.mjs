// Reproducer (outside the suite) of an @ai-sdk/google 2 defect (ai 5's own provider generation, npm alias
// ai5-google) pinned in tests/data/ai-sdk5-google.verdicts.json (finish.missing.001-.003, row 8.1.19): a
// streamGenerateContent stream that ends before any candidate carries a finishReason (the response was cut)
// is not reported. The provider's finish reason starts as 'unknown' (@ai-sdk/google 2.0.108 dist/index.mjs:1775)
// and its flush closes the open parts and always enqueues a `finish` with it (:2055, :2080-2085), so ai 5.0.277's
// UI message stream ends with a normal `finish` ('unknown') and no error: the chat shows the cut answer as a
// complete one. The same defect as @ai-sdk/google 3's (ai-sdk6-google-truncated.mjs, 'other'); @ai-sdk/google 4
// starts from 'interrupted'.
// Stream: one text chunk and nothing after it (no finishReason, no usageMetadata).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-google-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { createServer } from 'node:http'
import { streamText } from 'ai5'
import { createGoogleGenerativeAI } from 'ai5-google'

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
