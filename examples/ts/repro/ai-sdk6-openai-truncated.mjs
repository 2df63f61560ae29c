// Reproducer (outside the suite) of an @ai-sdk/openai 3 defect (ai 6's own provider generation, npm alias
// ai6-openai) pinned in tests/data/ai-sdk6-openai.verdicts.json (finish.missing.001-.003, row 8.1.19): a
// Responses stream cut before `response.completed` is not reported. The provider's finish reason starts as
// 'other' (@ai-sdk/openai 3.0.141 dist/index.mjs:7265) and flush() always enqueues a `finish` with it
// (:8234, :8262), so ai 6.0.326's UI message stream ends with a normal `finish` ('other') and no error: the
// chat shows the cut answer as complete. @ai-sdk/openai 4 finishes 'interrupted' instead; the sibling
// @ai-sdk/openai-compatible 2.0.92 reports the same cut as an error (dist/index.mjs:900).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-openai-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai'
import { createOpenAI } from 'ai6-openai'
import { textOpened, uiChunkTypes } from './_responses.mjs'

const types = await uiChunkTypes({ streamText, createOpenAI, events: textOpened('Honey never') }) // no response.completed
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
