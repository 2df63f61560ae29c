// Reproducer (outside the suite) of D-abort-held, found while pinning tests/data/ai-sdk7-llamaindex.verdicts.json.
// When the client disconnects, the route's Response body is cancelled; the cancel reaches
// convertAsyncIteratorToReadableStream's cancel(), which calls return() on the LlamaIndex stream's iterator
// (ai 7.0.111 dist/internal/index.js:195-200), and that return() does run through SimpleChatEngine's generators
// (streamConverter, streamReducer: @llamaindex/core 0.6.22 utils/dist/index.js:197, :225). It stops at the OpenAI
// LLM's streamChat, which @llamaindex/openai 0.4.22 decorates with wrapEventCaller (dist/index.js:956-961): the
// decorator's asyncGeneratorWrapper (@llamaindex/core 0.6.22 decorator/dist/index.js:15-29) drives streamChat's
// iterator by hand (`await iter.next()` in a while loop, not `for await`), so closing the wrapper never calls
// iter.return(): streamChat and its openai Stream are abandoned, and the model's HTTP response is never aborted.
// Nothing else can close it: SimpleChatEngine.chat takes no AbortSignal and the OpenAI LLM calls
// chat.completions.create with no request options (no `signal`, dist/index.js:1159-1163). The model goes on
// generating (and billing) for a user who has gone.
// Run: npm ci --prefix examples/ts-llamaindex && node examples/ts-llamaindex/repro/ai-sdk7-llamaindex-abort-held.mjs
// Exits 1 while the defect is present (the model's response is still open 1 s after the client disconnected, while
// the model kept streaming).
import { chunk, route, startServer } from './_lib.mjs'

let closedAt = null
let sentAfter = 0
let disconnectedAt = null
const { server, baseURL } = await startServer((_req, res) => {
  res.on('close', () => { closedAt = Date.now() })
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(`data: ${chunk({ role: 'assistant', content: 'Once upon' })}\n\n`)
  // The model goes on writing a token every 100 ms for 3 s.
  let n = 0
  const timer = setInterval(() => {
    if (res.destroyed || res.writableEnded) return clearInterval(timer)
    if (++n > 30) {
      clearInterval(timer)
      return res.end(`data: ${chunk({}, 'stop')}\n\ndata: [DONE]\n\n`)
    }
    if (disconnectedAt !== null) sentAfter += 1
    res.write(`data: ${chunk({ content: ' and' })}\n\n`)
  }, 100)
})
const response = await route(baseURL, 'Tell me a long story.')
const reader = response.body.getReader()
const seen = []
while (!seen.includes('text-delta')) {
  seen.push(...new TextDecoder().decode((await reader.read()).value).match(/"type":"[a-z-]+"/g).map((t) => t.slice(8, -1)))
}
disconnectedAt = Date.now()
await reader.cancel() // the client goes away: Next.js (and every fetch-style server) cancels the route's body
await new Promise((r) => setTimeout(r, 1000))
const open = closedAt === null
console.log(`UI chunks read before the disconnect: ${seen.join(', ')}`)
console.log(open ? `D-abort-held: the model's response is still open 1 s after the client disconnected ` +
  `(the model sent ${sentAfter} more chunks to nobody)`
  : `the model's response closed ${closedAt - disconnectedAt} ms after the client disconnected`)
server.closeAllConnections()
server.close()
process.exit(open ? 1 : 0)
