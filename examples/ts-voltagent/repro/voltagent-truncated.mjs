// Reproducer of D-silent-truncation in tests/data/voltagent-ui.verdicts.json (finish.missing.001/002): the
// response ends with no finish_reason and no [DONE]. @ai-sdk/openai 3.0.141's chat model starts its finish
// reason as 'other' (dist/index.mjs:1398) and its flush enqueues a normal finish with it, so the UI message
// stream ends `finish` with finishReason 'other' and no error: the cut answer looks complete.
// Exits 1 while the defect is present (0 once the cut is reported as an error).
import { chunk, run } from './_lib.mjs'

const { chunks, error } = await run({ turns: [[chunk({ role: 'assistant', content: 'Honey never' }),
  chunk({ content: ' spoils.' })]], done: false })
const last = chunks.at(-1)
console.log(`last chunk: ${JSON.stringify(last)}; error chunk: ${chunks.some((c) => c.type === 'error')}; stream error: ${error?.message ?? 'none'}`)
process.exit(chunks.some((c) => c.type === 'error') || error ? 0 : 1)
