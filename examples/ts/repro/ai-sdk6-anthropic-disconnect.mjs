// ai-sdk-disconnect.mjs's defect (ai 6.0.326 dist/index.mjs:9050: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on the Anthropic
// Messages wire: @ai-sdk/anthropic 3.0.140 (ai 6's own generation, npm alias ai6-anthropic) reports the dropped connection as AI_APICallError 'Failed
// to process successful response', and the UI message stream errors with it. Pinned in
// tests/data/ai-sdk6-anthropic.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-anthropic-disconnect.mjs
// Prints what the stream ended with; exits 1 while the defect is present (0 once an `error` chunk ends it).
import { createServer } from 'node:http'
import { streamText } from 'ai'
import { createAnthropic } from 'ai6-anthropic'

const events = [
  { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x',
    content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Rivers carry water' } },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
  setImmediate(() => res.socket.destroy()) // the connection drops mid-message
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const anthropic = createAnthropic({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-ant-x' })
const result = streamText({ model: anthropic('claude-x'), prompt: 'Hi', maxRetries: 0, maxOutputTokens: 64 })
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
