// Reproducer of D-container-upload in tests/data/voltagent-ui-anthropic.verdicts.json (parts.container-upload.001,
// row 8.1.16): a streamed answer that opens with a `container_upload` content block (anthropic 2.14.0
// types/raw_content_block_start_event.py: ContainerUploadBlock is a member of content_block_start's block) does not
// parse. @ai-sdk/anthropic 3.0.140's content_block_start schema has no container_upload member (dist/index.mjs:478),
// so the chunk becomes an `error` part (:5441) and the UI message stream VoltAgent's route sends reports an error
// where the answer follows.
// Prints the UI chunk types; exits 1 while an error is reported for this stream.
import { messageEnd, messageStart, run } from './_lib.mjs'

const { chunks } = await run({ wire: 'messages', turns: [[messageStart,
  { type: 'content_block_start', index: 0, content_block: { type: 'container_upload', file_id: 'file_1' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'The file is in the container.' } },
  { type: 'content_block_stop', index: 1 }, ...messageEnd()]] })
console.log(`chunks: ${chunks.map((c) => c.type).join(' ')}`)
process.exit(chunks.some((c) => c.type === 'error') ? 1 : 0)
