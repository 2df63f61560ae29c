// Shared by ai-sdk-anthropic-open-blocks.mjs, ai-sdk6-anthropic-open-blocks.mjs: the same defect's reproducer for each
// package generation. `reproduce({ ..., provider })` runs it with the caller's `ai` functions and a
// `provider(baseURL)` of the caller's package, and returns the exit code (1 while the defect is present).
import { createServer } from 'node:http'

export async function reproduce({ readUIMessageStream, streamText, provider }) {
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
  const model = provider(`http://127.0.0.1:${server.address().port}/v1`)
  let open = 0
  for (which of Object.keys(STREAMS)) {
    const result = streamText({ model: model('claude-x'), prompt: 'Hi', maxRetries: 0, maxOutputTokens: 64 })
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
  return open === 0 ? 0 : 1
}
