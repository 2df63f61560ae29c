// Reproducer (outside the suite) of an @ai-sdk/anthropic 2 defect (ai 5's own provider generation, npm
// alias ai5-anthropic) pinned in tests/data/ai-sdk5-anthropic.verdicts.json (finish.missing.001-.004, row
// 8.1.19): a Messages stream that ends before `message_delta`/`message_stop` (the response was cut) is
// not reported. The provider enqueues its `finish` only at `message_stop` (@ai-sdk/anthropic 2.0.112
// dist/index.mjs:4373) and its TransformStream (:3783) has no flush, so the model stream just ends; ai
// 5.0.277's streamText then finishes the step with its initial reason 'unknown' (ai5 dist/index.mjs:5518),
// and the UI message stream ends with a normal `finish`: the chat shows the cut answer as a complete one and
// no error. The same defect as @ai-sdk/anthropic 3's (ai-sdk6-anthropic-truncated.mjs, finish 'other').
// Stream: a complete text block (content_block_stop) and nothing after it.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-anthropic-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { createServer } from 'node:http'
import { streamText } from 'ai5'
import { createAnthropic } from 'ai5-anthropic'

const events = [
  { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x',
    content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'The first three steps are' } },
  { type: 'content_block_stop', index: 0 },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const anthropic = createAnthropic({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-ant-x' })
const result = streamText({ model: anthropic('claude-x'), prompt: 'Hi', maxRetries: 0, maxOutputTokens: 64 })
const types = []
for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
  types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
}
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
