// Reproducer (outside the suite) of parts.container-upload.001's ERROR, pinned in
// tests/data/openai-agents-aisdk-anthropic.verdicts.json: a streamed answer that opens with a `container_upload` block
// (anthropic 2.14.0 types/raw_content_block_start_event.py: a member of content_block_start's block) and then says
// its text. @ai-sdk/anthropic 4.0.105's stream schema has no such member (dist/index.js:905-1107), so the chunk
// becomes an `error` part (:5363-5368) and the stream goes on with the text (D-container-upload, the ai-sdk7-anthropic
// pin's; ai's streamText shows the error, then the answer). @openai/agents-extensions 0.18.0's AiSdkModel throws on
// any `error` part (dist/ai-sdk/index.mjs:1035-1037), so here the whole run fails before the text, and the ai-sdk-ui
// module, which has no error chunk, errors the UI stream (D-no-error-chunk): the answer is lost.
// Run: node examples/ts/repro/openai-agents-aisdk-anthropic-container-upload.mjs (exits 1 while the answer is lost).
import { aisdkAnthropic, messageStart, runUi, serveMessages } from './openai-agents-ui-lib.mjs'

const events = [messageStart,
  { type: 'content_block_start', index: 0, content_block: { type: 'container_upload', file_id: 'file_011CNha8iCJcU1wXNR6q4V8w' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'The file is uploaded.' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 6 } },
  { type: 'message_stop' }]
const server = await serveMessages([events])
const { chunks, thrown, message } = await runUi(server.baseURL, { model: aisdkAnthropic(server.baseURL) })
server.close()
const text = (message?.parts ?? []).filter((p) => p.type === 'text').map((p) => p.text).join('')
console.log(`chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${thrown ? `the stream threw ${thrown.name}: ${
  String(thrown.message).split('\n')[0].slice(0, 160)}` : 'the stream ended'}; the reader shows text ${JSON.stringify(text)}`)
process.exit(text.includes('The file is uploaded.') ? 0 : 1)
