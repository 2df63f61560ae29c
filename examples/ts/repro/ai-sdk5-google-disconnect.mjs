// ai-sdk-disconnect.mjs's defect in ai 5 (ai 5.0.277 dist/index.mjs:5974: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on the Gemini wire:
// @ai-sdk/google 2.0.108 (ai 5's own generation, npm alias ai5-google) reports the dropped connection as
// AI_APICallError 'Failed to process successful response', and the UI message stream errors with it.
// Pinned in tests/data/ai-sdk5-google.verdicts.json (fault.disconnect.001/.002 row 8.1.17,
// loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-google-disconnect.mjs
// Prints what the stream ended with; exits 1 while the defect is present (0 once an `error` chunk ends it).
import { createServer } from 'node:http'
import { streamText } from 'ai5'
import { createGoogleGenerativeAI } from 'ai5-google'

const chunk = { candidates: [{ content: { role: 'model', parts: [{ text: 'Rivers carry water' }] }, index: 0 }] }
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(`data: ${JSON.stringify(chunk)}\n\n`)
  setImmediate(() => res.socket.destroy()) // the connection drops mid-message
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const google = createGoogleGenerativeAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1beta`, apiKey: 'x' })
const result = streamText({ model: google('gemini-x'), prompt: 'Hi', maxRetries: 0 })
let last = null
let thrown = null
try {
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) last = c
} catch (e) {
  thrown = e
}
server.close()
if (thrown) {
  console.log(`the UI message stream threw ${thrown.name}: ${thrown.message} (last chunk ${JSON.stringify(last)})`)
  process.exit(1)
}
console.log(`the UI message stream ended with ${JSON.stringify(last)}`)
process.exit(last?.type === 'error' || (last?.type === 'finish' && last.finishReason === 'error') ? 0 : 1)
