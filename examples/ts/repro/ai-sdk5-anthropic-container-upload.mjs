// Reproducer (outside the suite) of the defect of @ai-sdk/anthropic's streaming path that
// ai-sdk-anthropic-container-upload.mjs shows for generations 3 and 4, in ai 5's own generation (npm alias
// ai5-anthropic), pinned in tests/data/ai-sdk5-anthropic.verdicts.json (parts.container-upload.001 row 8.1.16):
// a streamed answer that opens with a `container_upload` content block (anthropic 2.14.0
// types/raw_content_block_start_event.py: ContainerUploadBlock is a member of content_block_start's block) does
// not parse. @ai-sdk/anthropic 2.0.112's content_block_start schema has no container_upload member
// (dist/index.mjs:339-498), so the chunk becomes an `error` part (:3795-3797) and ai 5's UI message stream
// reports an error where the answer follows.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-anthropic-container-upload.mjs
// Prints the UI chunk types; exits 1 while an error is reported for this stream.
import { createServer } from 'node:http'
import { streamText as streamText5 } from 'ai5'
import { createAnthropic as anthropic2 } from 'ai5-anthropic'

const EVENTS = [
  { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x',
    content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'container_upload', file_id: 'file_1' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'The file is in the container.' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 7 } },
  { type: 'message_stop' },
]
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(EVENTS.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const baseURL = `http://127.0.0.1:${server.address().port}/v1`
let errors = 0
for (const [name, streamText, create] of [['ai 5 + @ai-sdk/anthropic 2.0.112', streamText5, anthropic2]]) {
  const model = create({ baseURL, apiKey: 'sk-ant-x' })('claude-x')
  const result = streamText({ model, prompt: 'Upload it', maxRetries: 0, maxOutputTokens: 64, onError: () => {} })
  const types = []
  for await (const c of result.toUIMessageStream()) {
    types.push(c.type)
    if (c.type === 'error') { errors += 1; console.log('   error:', String(c.errorText).slice(0, 300)) }
  }
  console.log(`${name}: ${types.join(' ')}`)
}
server.close()
process.exit(errors === 0 ? 0 : 1)
