// Reproducer (outside the suite) of a defect of @ai-sdk/anthropic's streaming path, pinned in
// tests/data/ai-sdk7-anthropic.verdicts.json and tests/data/ai-sdk6-anthropic.verdicts.json
// (parts.container-upload.001 row 8.1.16): a streamed answer that opens with a `container_upload`
// content block (anthropic 2.14.0 types/raw_content_block_start_event.py: ContainerUploadBlock is a
// member of content_block_start's block) does not parse. The stream's content_block_start schema has
// no container_upload member (@ai-sdk/anthropic 4.0.105 dist/index.js:905-1107; 3.0.140, ai 6's
// generation, dist/index.mjs:478), so the chunk becomes an `error` part (4.0.105 dist/index.js:5363-5368;
// 3.0.140 dist/index.mjs:5441) and the UI message stream reports an error where the answer follows.
// @ai-sdk/anthropic 4.0.105 reads the same block in a whole Message (doGenerate, dist/index.js:4916).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk-anthropic-container-upload.mjs
// Prints each generation's UI chunk types; exits 1 while either reports an error for this stream.
import { createServer } from 'node:http'
import { streamText as streamText6 } from 'ai'
import { streamText as streamText7 } from 'ai7'
import { createAnthropic as anthropic4 } from '@ai-sdk/anthropic'
import { createAnthropic as anthropic3 } from 'ai6-anthropic'

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
for (const [name, streamText, create] of [['ai 6 + @ai-sdk/anthropic 3.0.140', streamText6, anthropic3],
  ['ai 7 + @ai-sdk/anthropic 4.0.105', streamText7, anthropic4]]) {
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
