// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json (error.*,
// http.*, fault.disconnect.*, fault.raw-bytes.001, loop.disconnect.001, loop.malformed.002: rows 8.1.17 /
// 8.1.21; and the raise behind the ERRORs of finish.missing.001/.003, reasoning.only.001, usage.zero.001):
// @openai/agents-extensions 0.18.0's ai-sdk-ui module has no `error` chunk. buildUiMessageStream iterates
// the run's events with no try/catch (dist/ai-sdk-ui/uiMessageStream.mjs:158) and createAiSdkUiMessageStream's
// pull awaits it (:380-381), so a failed run (an upstream `error` event, an HTTP 500, a dropped connection)
// errors the UI message stream itself. In process, ai 6.0.326's readUIMessageStream hands that error to its
// onError as it would an error chunk's text; but over HTTP, what the package documents
// (createAiSdkUiMessageStreamResponse -> ai's createUIMessageStreamResponse, which does not catch), the
// response body is cut off with no terminal chunk, and the client's Chat gets a transport error, not the
// failure's text (ai's own createUIMessageStream turns a thrown error into an error chunk instead,
// ai 6.0.326 dist/index.mjs:9512-9548).
// Run: node examples/ts/repro/openai-agents-ui-error.mjs (exits 1 while the defect is present).
import { createServer } from 'node:http'
import { Readable } from 'node:stream'
import { createAiSdkUiMessageStreamResponse } from '@openai/agents-extensions/ai-sdk-ui'
import { completed, message, response, runUi, serve, startRun } from './openai-agents-ui-lib.mjs'

const midStream = [
  ...completed([message('msg_1', 'Autumn moonlight')]).slice(0, 3),
  { type: 'error', code: 'server_error', message: 'The model had an internal error', param: null },
  { type: 'response.failed', response: response('failed', [], { error: { code: 'server_error',
    message: 'The model had an internal error' } }) },
]
const http500 = { status: 500, body: 'Internal server error' }
let defect = false
for (const [name, turn] of [['an upstream error event mid-stream', midStream], ['an HTTP 500 before any event', http500]]) {
  const upstream = await serve([turn])
  const { chunks, thrown, readerError } = await runUi(upstream.baseURL)
  upstream.close()
  console.log(`${name}: chunks ${JSON.stringify(chunks.map((c) => c.type))}; the stream ${thrown
    ? `threw ${thrown.name}: ${thrown.message}` : 'ended'}; readUIMessageStream's onError got ${
    readerError ? JSON.stringify(readerError.message) : 'nothing'}`)
  if (!chunks.some((c) => c.type === 'error')) defect = true
}

// The documented route: createAiSdkUiMessageStreamResponse served over HTTP, read by a client.
const upstream = await serve([midStream])
const route = createServer(async (req, res) => {
  const answer = createAiSdkUiMessageStreamResponse(await startRun(upstream.baseURL))
  res.writeHead(answer.status, Object.fromEntries(answer.headers))
  res.flushHeaders()
  Readable.fromWeb(answer.body).on('error', () => res.destroy()).pipe(res)
})
await new Promise((ok) => route.listen(0, '127.0.0.1', ok))
let body = ''
let status = null
let cut = null
try {
  const answer = await fetch(`http://127.0.0.1:${route.address().port}/api/chat`, { method: 'POST' })
  status = answer.status
  for await (const bytes of answer.body) body += Buffer.from(bytes).toString()
} catch (e) {
  cut = e
}
route.close()
upstream.close()
console.log(`over HTTP (the mid-stream error): status ${status}, body ${JSON.stringify(body)}, then ${
  cut ? `${cut.name}: ${cut.message}` : 'the end of the body'}`)
process.exit(defect ? 1 : 0)
