// Reproducer (outside the suite) of an @ai-sdk/openai defect pinned in tests/data/ai-sdk7-openai.verdicts.json
// (finish.missing.001 row 8.1.5, finish.missing.003 row 8.1.8): when a Responses stream ends before
// `response.completed` (and so before the item's `response.output_item.done`), the provider's finish
// leaves the open text (and reasoning) part unclosed: the part's `text-end` is sent only at
// output_item.done (@ai-sdk/openai 4.0.118 dist/index.js:8446) and flush() (:9111) closes nothing,
// while @ai-sdk/google 4.0.121 closes its open parts in flush (dist/index.js:2887-2894). ai 7's
// streamText passes that on: the UI message stream finishes with the text part still 'streaming'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk-openai-responses-open-text.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once text-end precedes finish).
import { streamText } from 'ai7'
import { createOpenAI } from '@ai-sdk/openai'
import { reproduce } from './openai-open-text.mjs'

process.exit(await reproduce({ streamText, provider: (baseURL) => createOpenAI({ baseURL, apiKey: 'sk-x' }) }))
