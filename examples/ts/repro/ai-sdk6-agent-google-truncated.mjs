// @ai-sdk/google 3's D-silent-truncation (3.0.141 dist/index.mjs:2729: the finish reason starts as 'other', and
// flush, :3156, always enqueues a `finish` with it, :3172) on the agent path a route handler takes: a ToolLoopAgent
// on @ai-sdk/google 3 (npm alias ai6-google) answered with ai 6.0.326's createAgentUIStreamResponse. A
// streamGenerateContent stream that ends before any candidate carries a finishReason (the response was cut) ends
// the route's UI message stream with a normal `finish` ('other') and no error: the chat shows the cut answer as a
// complete one.
// Pinned in tests/data/ai-sdk6-agent-google.verdicts.json (finish.missing.001-.003, row 8.1.19).
// Stream: one text chunk and nothing after it (no finishReason, no usageMetadata).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-agent-google-truncated.mjs
// Prints the chunk types of the route's body; exits 1 while the defect is present (0 once it ends with an error).
import { createServer } from 'node:http'
import { ToolLoopAgent, createAgentUIStreamResponse } from 'ai'
import { createGoogleGenerativeAI } from 'ai6-google'

const chunk = { candidates: [{ content: { role: 'model', parts: [{ text: 'The first three steps are' }] }, index: 0 }] }
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(`data: ${JSON.stringify(chunk)}\n\n`)
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const google = createGoogleGenerativeAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1beta`, apiKey: 'x' })
const agent = new ToolLoopAgent({ model: google('gemini-x'), tools: {}, maxRetries: 0 })
const response = await createAgentUIStreamResponse({
  agent,
  uiMessages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
  onError: (e) => String(e?.message ?? e),
})
const types = (await response.text()).split('\n\n').filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
  .map((l) => JSON.parse(l.slice(6)))
  .map((c) => (c.type === 'finish' ? `finish(${c.finishReason})` : c.type))
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
