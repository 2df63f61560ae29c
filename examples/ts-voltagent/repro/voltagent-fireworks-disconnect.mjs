// Reproducer of D-disconnect in tests/data/voltagent-ui-fireworks.verdicts.json (fault.disconnect.001/002,
// loop.disconnect.001): the connection drops after the answer started. @ai-sdk/fireworks 2.0.90's chat model raises
// AI_APICallError 'Failed to process successful response' (its nested @ai-sdk/provider-utils 4.0.56), VoltAgent's
// probe (probeStreamStart) has already passed, and ai 6.0.326's toUIMessageStream (dist/index.mjs:9050), which
// VoltAgent's result.toUIMessageStream() wraps, errors the stream instead of sending an `error` chunk: over HTTP the
// response is cut off and useChat never gets the error.
// Prints what the stream did; exits 1 while the defect is present (0 once an `error` chunk is sent).
import { chunk, run } from './_lib.mjs'

const { chunks, error } = await run({ wire: 'fireworks', cut: true,
  turns: [[chunk({ role: 'assistant', content: 'Rivers carry water' })]] })
const types = chunks.map((c) => c.type)
console.log(`chunks: ${types.join(', ')}; stream error: ${error ? error.message : 'none'}`)
process.exit(types.includes('error') && !error ? 0 : 1)
