// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (abort.immediate.001, abort.mid-text.001/.002, fault.stall-abort.001, loop.abort-during-tool.001: row
// 8.1.22): after the caller aborts the run (`run(..., {signal})`), @openai/agents-core 0.18.0 closes the
// run's event stream as if it had ended (dist/result.mjs:412-426 #cancelStream: streamTerminal 'done',
// controller.close()), and @openai/agents-extensions 0.18.0's ai-sdk-ui module then ends every stream the
// same way, aborted or not: text-end, finish-step and `finish` with finishReason 'stop'
// (dist/ai-sdk-ui/uiMessageStream.mjs:365-371); it has no `abort` chunk. ai 6.0.326's readUIMessageStream
// (and a server-side onFinish, which reports isAborted only for an abort chunk) sees a completed answer
// with finish reason 'stop', where ai's own streamText sends `abort` (dist/index.mjs:7963-7972).
// Run: node examples/ts/repro/openai-agents-ui-abort.mjs (exits 1 while the defect is present).
import { createServer } from 'node:http'
import { completed, message, runUi } from './openai-agents-ui-lib.mjs'

// The model streams one delta, then stalls (the response never completes).
const events = completed([message('msg_1', 'Once upon')]).slice(0, 3)
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(events.map((e, i) => `event: ${e.type}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const controller = new AbortController()
const { chunks, thrown, message: shownMessage } = await runUi(`http://127.0.0.1:${server.address().port}/v1`, {
  signal: controller.signal,
  onChunk: (c) => {
    if (c.type === 'text-delta' && !controller.signal.aborted) controller.abort() // the caller stops it here
  },
})
server.closeAllConnections()
server.close()
const after = chunks.slice(chunks.findIndex((c) => c.type === 'text-delta') + 1)
console.log(`after the abort: ${JSON.stringify(after)}${thrown ? ` then ${thrown.name}` : ''}`)
console.log(`readUIMessageStream shows: ${JSON.stringify(shownMessage?.parts?.filter((p) => p.type === 'text'))}`)
process.exit(after.some((c) => c.type === 'finish') ? 1 : 0)
