// Reproducer (outside the suite) of D-error-cuts-stream, found while pinning tests/data/ai-sdk7-llamaindex.verdicts.json.
// @ai-sdk/llamaindex 3.0.111's toUIMessageStream (dist/index.js:28-49) has no error path: it reads the LlamaIndex
// stream through ai's convertAsyncIteratorToReadableStream, whose pull() calls controller.error(error) when the
// iterator throws (ai 7.0.111 dist/internal/index.js:181-190), so an upstream failure errors the UI message stream
// itself instead of becoming an `error` chunk. The route's Response (createUIMessageStreamResponse) has already
// answered 200 (chatEngine.chat returns a lazy generator: the model is called on the first read), and its body is then
// cut off: the client never gets the error's text. Shown for an HTTP 500 and for an in-band error mid-answer.
// Run: npm ci --prefix examples/ts-llamaindex && node examples/ts-llamaindex/repro/ai-sdk7-llamaindex-error-cuts-stream.mjs
// Exits 1 while the defect is present (no `error` chunk reaches the client in either run).
import { chunk, parseSse, route, startServer } from './_lib.mjs'

async function readRoute(serve) {
  const { server, baseURL } = await startServer(serve)
  try {
    const response = await route(baseURL)
    let text = ''
    let failure = null
    try {
      for await (const bytes of response.body) text += new TextDecoder().decode(bytes)
    } catch (error) {
      failure = `${error?.name}: ${error?.message}`
    }
    return { status: response.status, chunks: parseSse(text), failure }
  } finally {
    server.closeAllConnections()
    server.close()
  }
}

const http500 = await readRoute((_req, res) => {
  res.writeHead(500, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ error: { message: 'Internal server error', type: 'server_error' } }))
})
const midStream = await readRoute((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end([chunk({ role: 'assistant', content: 'Once upon' }),
    JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error' } }),
  ].map((c) => `data: ${c}\n\n`).join(''))
})
for (const [name, r] of [['HTTP 500', http500], ['error mid-answer', midStream]]) {
  console.log(`${name}: route status ${r.status}; UI chunks: ${r.chunks.map((c) => c.type).join(', ') || '(none)'}; ` +
    `body read: ${r.failure ?? 'ended normally'}`)
}
const told = [http500, midStream].every((r) => r.chunks.some((c) => c.type === 'error'))
console.log(told ? 'both errors reached the client as error chunks' : 'D-error-cuts-stream: the error never reaches the client as an error chunk')
process.exit(told ? 0 : 1)
