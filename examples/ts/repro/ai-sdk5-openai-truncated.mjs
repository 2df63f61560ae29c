// Reproducer (outside the suite) of an @ai-sdk/openai 2 defect (ai 5's own provider generation, npm alias
// ai5-openai) pinned in tests/data/ai-sdk5-openai.verdicts.json (finish.missing.001-.003, row 8.1.19): a
// Responses stream cut before `response.completed` is not reported. The provider's finish reason starts as
// 'unknown' (@ai-sdk/openai 2.0.131 dist/index.mjs:4308) and flush() always enqueues a `finish` with it
// (:4762-4790), so ai 5.0.277's UI message stream ends with a normal `finish` ('unknown') and no error: the
// chat shows the cut answer as complete (@ai-sdk/openai 3 the same with 'other'; 4 finishes 'interrupted'; the sibling
// @ai-sdk/openai-compatible 2.0.92 reports the same cut as an error, dist/index.mjs:900).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai5'
import { createOpenAI } from 'ai5-openai'
import { textOpened, uiChunkTypes } from './_responses.mjs'

const types = await uiChunkTypes({ streamText, createOpenAI, events: textOpened('Honey never') }) // no response.completed
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
