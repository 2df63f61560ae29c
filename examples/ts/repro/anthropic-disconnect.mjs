// Shared by ai-sdk7-anthropic-disconnect.mjs, ai-sdk6-anthropic-disconnect.mjs: the same defect's reproducer for each
// package generation. `reproduce({ ..., provider })` runs it with the caller's `ai` functions and a
// `provider(baseURL)` of the caller's package, and returns the exit code (1 while the defect is present).
import { createServer } from 'node:http'

export async function reproduce({ streamText, provider }) {
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
  const model = provider(`http://127.0.0.1:${server.address().port}/v1`)
  const result = streamText({ model: model('claude-x'), prompt: 'Hi', maxRetries: 0, maxOutputTokens: 64 })
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
    return 1
  }
  console.log(`the UI message stream ended with ${JSON.stringify(last)}`)
  return last?.type === 'error' || (last?.type === 'finish' && last.finishReason === 'error') ? 0 : 1
}
