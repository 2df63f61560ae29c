// Reproducer of D-silent-truncation in tests/data/voltagent-ui-anthropic.verdicts.json (finish.missing.001-.004,
// row 8.1.19): a Messages stream that ends before `message_delta`/`message_stop` (the response was cut) is not
// reported. @ai-sdk/anthropic 3.0.140 enqueues its `finish` only at `message_stop` (dist/index.mjs:6264) and its
// TransformStream (:5429) has no flush, so the model stream just ends; ai 6.0.326's streamText, under VoltAgent's
// agent, finishes with its initial reason 'other', and the UI message stream ends with a normal `finish`: the chat
// shows the cut answer as a complete one, with no error.
// Stream: a complete text block (content_block_stop) and nothing after it.
// Prints the last chunk; exits 1 while the defect is present (0 once the stream reports the cut).
import { messageStart, run } from './_lib.mjs'

const { chunks, error } = await run({ wire: 'messages', turns: [[messageStart,
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'The first three steps are' } },
  { type: 'content_block_stop', index: 0 }]] })
const last = chunks.at(-1)
const reported = chunks.some((c) => c.type === 'error') || error != null
console.log(`last chunk: ${JSON.stringify(last)}; error chunk: ${chunks.some((c) => c.type === 'error')}; stream error: ${error ? error.message : 'none'}`)
process.exit(reported ? 0 : 1)
