// Reproducer (outside the suite) of an @ai-sdk/openai 3 defect (ai 6's own provider generation, npm alias
// ai6-openai) pinned in tests/data/ai-sdk6-openai.verdicts.json (finish.missing.001 row 8.1.5, .003 row 8.1.8):
// when a Responses stream ends before `response.completed` (and so before the item's output_item.done), the
// open text (and reasoning) part is never closed: text-end is sent only at output_item.done
// (@ai-sdk/openai 3.0.141 dist/index.mjs:7515) and flush() (:8234-8267) closes nothing but buffered tool inputs.
// ai 6.0.326's UI message stream then finishes with the text part still 'streaming'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-openai-open-text.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once text-end precedes finish).
import { streamText } from 'ai'
import { createOpenAI } from 'ai6-openai'
import { reproduce } from './openai-open-text.mjs'

process.exit(await reproduce({ streamText, provider: (baseURL) => createOpenAI({ baseURL, apiKey: 'sk-x' }) }))
