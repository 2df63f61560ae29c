// Reproducer (outside the suite) of an @ai-sdk/anthropic 3 defect (ai 6's own provider generation, npm
// alias ai6-anthropic) pinned in tests/data/ai-sdk6-anthropic.verdicts.json (finish.missing.001 row 8.1.5,
// finish.missing.003 and reasoning.unclosed.001 row 8.1.8): the provider closes a text or thinking block
// only at that block's own `content_block_stop` (@ai-sdk/anthropic 3.0.140 dist/index.mjs:5919). Neither
// `message_stop` (:6264) nor the end of the stream (its TransformStream, :5429, has no flush) closes a
// block still open, so ai 6's UI message stream finishes with the part in state 'streaming'. The same
// defect as @ai-sdk/anthropic 4's (ai-sdk-anthropic-open-blocks.mjs), in the older code line.
// Two streams: A ends after a text delta (no content_block_stop, no message_stop: a cut response);
// B never stops its thinking block but stops the text block after it and the message.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-anthropic-open-blocks.mjs
// Prints the chunk types and the parts' states readUIMessageStream ends with; exits 1 while the defect
// is present (0 once every part is 'done').
import { createServer } from 'node:http'
import { readUIMessageStream, streamText } from 'ai'
import { createAnthropic } from 'ai6-anthropic'

const start = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x',
  content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } }
const STREAMS = {
  A: [start,
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Honey never spoils.' } }],
  B: [start,
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: '6 * 7 = 42.' } },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: '42' } },
    { type: 'content_block_stop', index: 1 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } },
    { type: 'message_stop' }],
}
let which = 'A'
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(STREAMS[which].map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const anthropic = createAnthropic({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-ant-x' })
let open = 0
for (which of Object.keys(STREAMS)) {
  const result = streamText({ model: anthropic('claude-x'), prompt: 'Hi', maxRetries: 0, maxOutputTokens: 64 })
  const types = []
  const [chunks, forReader] = result.toUIMessageStream().tee()
  let last
  const reading = (async () => { for await (const m of readUIMessageStream({ stream: forReader })) last = m })()
  for await (const c of chunks) types.push(c.type === 'finish' ? `finish(${c.finishReason})` : c.type)
  await reading
  const states = last.parts.filter((p) => 'state' in p).map((p) => `${p.type}:${p.state}`)
  open += states.filter((s) => s.endsWith(':streaming')).length
  console.log(`${which}: ${types.join(' ')}\n   parts: ${states.join(' ')}`)
}
server.close()
process.exit(open === 0 ? 0 : 1)
