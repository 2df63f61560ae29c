// Reproducer (outside the suite) of D-abort-ignored, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (abort.mid-text.001 and the other abort cases, rows 8.1.22 and request.abort): @tanstack/ai-mistral 0.6.7
// streams with a bare `fetch(url, {method, headers, body})` (dist/esm/adapters/text.js:426-430) and never reads
// the abort signal chat() hands it (options.request.signal, @tanstack/ai 0.58.0 activities/chat/index.js:525).
// After the caller aborts mid-answer the upstream request stays open and chat() keeps waiting on the adapter.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-abort-ignored.mjs
// Exits 1 while the defect is present (0 once the upstream request ends within a second of the abort).
import { chunk, run, serve } from './tanstack-mistral-lib.mjs'

const upstream = await serve((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: 'Once upon' }))}\n\n`)
  // ...and the model keeps thinking: the stream stays open until the client leaves.
})
const abortController = new AbortController()
const done = run(upstream.url, { abortController, onChunk: (c) => {
  if (c.type === 'TEXT_MESSAGE_CONTENT') abortController.abort()
} })
await new Promise((ok) => setTimeout(ok, 1000))
const open = upstream.requests.some((r) => !r.closed)
console.log(open ? 'upstream request still open 1 s after the abort' : 'upstream request ended after the abort')
const settled = await Promise.race([done.then(() => true), new Promise((ok) => setTimeout(() => ok(false), 100))])
console.log(settled ? 'chat() ended' : 'chat() still waiting on the adapter')
upstream.close()
process.exit(open ? 1 : 0)
