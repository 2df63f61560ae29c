// ai-sdk-disconnect.mjs's defect (ai 7.0.173 dist/index.js:8002: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on ai 7 + @ai-sdk/google-vertex
// 5.0.141 (its GoogleLanguageModel, `POST .../v1beta1/projects/{p}/locations/{l}/publishers/google/models/{m}
// :streamGenerateContent?alt=sse`), the connection cut mid-message. Pinned in
// tests/data/ai-sdk7-google-vertex.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row
// 8.1.21). The shared reproducer serves Chat Completions chunks; this one serves Gemini chunks at Vertex's path.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-google-vertex-disconnect.mjs (exits 1 while
// the defect is present).
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { streamText } from 'ai7'
import { createGoogleVertex } from '@ai-sdk/google-vertex'

// No Google credentials: the provider's own google-auth-library with a fixed access token (no expiry date).
const { OAuth2Client } = createRequire(import.meta.resolve('@ai-sdk/google-vertex'))('google-auth-library')
const authClient = new OAuth2Client()
authClient.setCredentials({ access_token: 'vertex-x' })

const chunk = { candidates: [{ content: { role: 'model', parts: [{ text: 'Rivers carry water' }] }, index: 0 }] }
let path = null
const server = createServer((req, res) => {
  path = req.url
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(`data: ${JSON.stringify(chunk)}\n\n`)
  setImmediate(() => res.socket.destroy()) // the connection drops: no finishReason
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const origin = 'https://us-central1-aiplatform.googleapis.com'
const vertex = createGoogleVertex({
  project: 'p', location: 'us-central1', googleAuthOptions: { authClient },
  // Only the origin changes: the path is the one the provider builds.
  fetch: (url, init) => fetch(`http://127.0.0.1:${server.address().port}${String(url).slice(origin.length)}`, init),
})
const result = streamText({ model: vertex('gemini-2.5-flash'), prompt: 'Hi', maxRetries: 0 })
let last = null
let thrown = null
try {
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) last = c
} catch (e) {
  thrown = e
}
server.close()
console.log(`request path: ${path}`)
if (thrown) {
  console.log(`the UI message stream threw ${thrown.name}: ${thrown.message} (last chunk ${JSON.stringify(last)})`)
  process.exit(1)
}
console.log(`the UI message stream ended with ${JSON.stringify(last)}`)
process.exit(last?.type === 'error' || (last?.type === 'finish' && last.finishReason === 'error') ? 0 : 1)
