// Reproducer of D-silent-truncation in tests/data/voltagent-ui-google.verdicts.json (finish.missing.001-.003,
// row 8.1.19): a streamGenerateContent stream that ends before any candidate carries a finishReason (the response
// was cut) is not reported. @ai-sdk/google 3.0.141's finish reason starts as 'other' (dist/index.mjs:2729) and its
// flush (:3156) closes the open parts and always enqueues a `finish` with it, so ai 6.0.326's streamText, under
// VoltAgent's agent, finishes 'other' and the UI message stream ends with a normal `finish`: the chat shows the cut
// answer as a complete one, with no error. (@ai-sdk/google 4 starts from 'interrupted'.)
// Stream: one text chunk and nothing after it (no finishReason, no usageMetadata), the response ended cleanly.
// Prints the last chunk; exits 1 while the defect is present (0 once the stream reports the cut).
import { candidate, run } from './_lib.mjs'

const { chunks, error } = await run({ wire: 'gemini', turns: [[candidate([{ text: 'The first three steps are' }])]] })
const last = chunks.at(-1)
const reported = chunks.some((c) => c.type === 'error') || error != null
console.log(`last chunk: ${JSON.stringify(last)}; error chunk: ${chunks.some((c) => c.type === 'error')}; stream error: ${error ? error.message : 'none'}`)
process.exit(reported ? 0 : 1)
