// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect pinned in
// tests/data/ai-sdk7-openrouter.verdicts.json (finish.missing.001/.002/.003, row 8.1.19): a Chat Completions stream
// that ends with no `finish_reason` (cut before its last chunk) finishes 'other', the word for "the model stopped
// for other reasons", not 'interrupted'. doStream starts from `finishReason = createFinishReason("other")`
// (dist/index.js:4583) and nothing changes it without a finish_reason (with a call pending, flush even turns it into
// 'tool-calls', :4959); the dist never says 'interrupted'. ai 7's Chat marks a message interrupted and pauses its
// queue only on that word (ai 7.0.173 dist/index.js:22185, :22197): the cut answer is handled as complete.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-missing-finish.mjs
// Exits 1 while the defect is present (0 once a cut stream finishes 'interrupted' or ends in an error).
import { chunk, ofType, run } from './ai-sdk7-openrouter-lib.mjs'

// The stream stops before the chunk with finish_reason: the body ends cleanly, no [DONE].
const { chunks } = await run({ done: false,
  lines: [chunk({ role: 'assistant', content: 'Honey never' }), chunk({ content: ' spoils' })] })
const finish = ofType(chunks, 'finish')[0]?.finishReason
const failed = ofType(chunks, 'error').length > 0
console.log(`stream cut before its finish_reason: finish ${JSON.stringify(finish)}, error chunk: ${failed}`)
process.exit(finish === 'interrupted' || failed ? 0 : 1)
