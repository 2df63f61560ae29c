// Reproducer of D-disconnect in tests/data/voltagent-ui-anthropic.verdicts.json (fault.disconnect.001/002,
// loop.disconnect.001): the connection drops after the answer started. @ai-sdk/anthropic 3.0.140's Messages model
// raises AI_APICallError, VoltAgent's probe (probeStreamStart) has already passed, and ai 6.0.326's
// toUIMessageStream (dist/index.mjs:9050), which VoltAgent's result.toUIMessageStream() wraps, errors the stream
// instead of sending an `error` chunk: over HTTP the response is cut off and useChat never gets the error.
// Prints what the stream did; exits 1 while the defect is present (0 once an `error` chunk is sent).
import { messageStart, run } from './_lib.mjs'

const { chunks, error } = await run({ wire: 'messages', cut: true, turns: [[messageStart,
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Rivers carry water' } }]] })
const types = chunks.map((c) => c.type)
console.log(`chunks: ${types.join(', ')}; stream error: ${error ? error.message : 'none'}`)
process.exit(types.includes('error') && !error ? 0 : 1)
