// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect found while pinning
// tests/data/ai-sdk7-openrouter.verdicts.json (no case verdict shows it: the harness process dies after
// abort.mid-tool.001 has been graded, and the next case starts it again). The chat model wraps the response body in
// withStreamErrorHandling, whose `cancel(reason) { reader.cancel(reason); }` (dist/index.js:3426-3428) drops the
// promise reader.cancel returns. When the caller aborts while a tool call's input streams, that promise rejects with
// the AbortError and nothing handles it: an unhandled rejection, which ends a Node server process by default
// (--unhandled-rejections=throw since Node 15), taking every other request it serves with it. The same abort over
// @ai-sdk/openai-compatible 3 (same ai 7) leaves none; with `.catch(() => {})` on that cancel there is none.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-abort-crash.mjs
// Exits 1 while the defect is present (it counts the unhandled rejections instead of letting Node exit on them).
import { createServer } from 'node:http'
import { streamText } from 'ai'
import { createOpenRouter } from '@openrouter/ai-sdk-provider'
import { call, chunk, clientTools } from './ai-sdk7-openrouter-lib.mjs'

const unhandled = []
process.on('unhandledRejection', (error) => { unhandled.push(`${error?.name}: ${error?.message}`) })
// The server streams the call's opening deltas and holds the response open, as a model still writing arguments.
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  for (const line of [chunk({ role: 'assistant', content: '' }), chunk(call(0, '', { id: 'call_1', name: 'get_weather' })),
    chunk(call(0, '{"city":'))]) res.write(`data: ${line}\n\n`)
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const openrouter = createOpenRouter({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-or-x' })
const seen = []
const abort = new AbortController()
const result = streamText({ model: openrouter('openai/gpt-4o'), prompt: 'Weather in Paris?', tools: clientTools('get_weather'),
  abortSignal: abort.signal, maxRetries: 0, onError: () => {} })
for await (const c of result.toUIMessageStream()) {
  seen.push(c.type)
  if (c.type === 'tool-input-delta') abort.abort() // the user presses stop while the call's input streams
}
await new Promise((r) => setTimeout(r, 300))
server.closeAllConnections()
server.close()
console.log(`UI chunks: ${seen.join(', ')}; unhandled rejections after the abort: ${JSON.stringify(unhandled)}`)
process.exit(unhandled.length === 0 ? 0 : 1)
