// Reproducer of D-silent-truncation in tests/data/voltagent-ui-xai.verdicts.json (finish.missing.001-.003, row
// 8.1.19): a Chat Completions stream that ends before any finish_reason (the response was cut) is not reported.
// @ai-sdk/xai 3.0.138's chat model (its default model) starts its finish reason as {unified: 'other'}
// (dist/index.mjs:675-678), only a finish_reason changes it (:725-730), and its flush (:818-845) always enqueues a
// `finish` with it, so ai 6.0.326's streamText, under VoltAgent's agent, finishes 'other' and the UI message stream
// ends with a normal `finish`: the chat shows the cut answer as a complete one, with no error. (xAI's own stream
// always ends with a finish_reason.)
// Stream: two text chunks and nothing after them (no finish_reason, no [DONE]), the response ended cleanly.
// Prints the last chunk; exits 1 while the defect is present (0 once the stream reports the cut).
import { chunk, run } from './_lib.mjs'

const { chunks, error } = await run({ wire: 'xai', done: false,
  turns: [[chunk({ role: 'assistant', content: 'The first three steps' }), chunk({ content: ' are' })]] })
const last = chunks.at(-1)
const reported = chunks.some((c) => c.type === 'error') || error != null
console.log(`last chunk: ${JSON.stringify(last)}; error chunk: ${chunks.some((c) => c.type === 'error')}; stream error: ${error ? error.message : 'none'}`)
process.exit(reported ? 0 : 1)
