// ai 6's D-disconnect (6.0.326 dist/index.mjs:9050: toUIMessageStream's pull() catches the read error and calls
// controller.error(error) instead of sending an `error` chunk) on the agent path a route handler takes: a
// ToolLoopAgent on @ai-sdk/google 3.0.141 (npm alias ai6-google) answered with createAgentUIStreamResponse, the
// function ai 6 documents for an API route. The connection to Gemini drops mid-message; @ai-sdk/google 3 reports
// AI_APICallError 'Failed to process successful response', and the route's SSE body errors with it: the HTTP
// response is cut off and the chat never gets an error chunk.
// Pinned in tests/data/ai-sdk6-agent-google.verdicts.json (fault.disconnect.001/.002 row 8.1.17,
// loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-agent-google-disconnect.mjs
// Prints how the body ended; exits 1 while the defect is present (0 once an `error` chunk ends it).
import { createServer } from 'node:http'
import { ToolLoopAgent, createAgentUIStreamResponse } from 'ai'
import { createGoogleGenerativeAI } from 'ai6-google'

const chunk = { candidates: [{ content: { role: 'model', parts: [{ text: 'Rivers carry water' }] }, index: 0 }] }
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(`data: ${JSON.stringify(chunk)}\n\n`)
  setImmediate(() => res.socket.destroy()) // the connection drops mid-message
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const google = createGoogleGenerativeAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1beta`, apiKey: 'x' })
const agent = new ToolLoopAgent({ model: google('gemini-x'), tools: {}, maxRetries: 0 })
const response = await createAgentUIStreamResponse({
  agent,
  uiMessages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
  onError: (e) => String(e?.message ?? e),
})
let body = ''
let thrown = null
try {
  body = await response.text()
} catch (e) {
  thrown = e
}
server.close()
const last = body.trim().split('\n\n').filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]').at(-1)
if (thrown) {
  console.log(`the route's body errored with ${thrown.name}: ${thrown.message}`)
  process.exit(1)
}
console.log(`the route's body ended with ${last}`)
process.exit(last && JSON.parse(last.slice(6)).type === 'error' ? 0 : 1)
