// Reproducer (outside the suite) of an @ai-sdk/mistral 4.0.87 defect pinned in
// tests/data/ai-sdk7-mistral.verdicts.json (quirks.azure-filter-chunk.001, ERROR; the chunk breaks the
// ChatCompletionChunk contract on purpose, graded on robustness). A chunk whose `choices` is empty passes
// the provider's own chunk schema (`choices: z.array(...)`, dist/index.js:934-956) and then
// doStream's transform reads `value.choices[0].delta` unguarded (dist/index.js:789-790): a TypeError
// that errors the stream after the first text, and the rest of the answer is lost. @ai-sdk/groq 4.0.84
// guards the same read (`if (choice?.delta == null) return;`, dist/index.js:725).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-mistral-empty-choices.mjs
// Prints the text and how the stream ended; exits 1 while the defect is present (0 once "Hello there!" arrives).
import { streamText } from 'ai7'
import { createMistral } from '@ai-sdk/mistral'
import { reproduce } from './mistral-empty-choices.mjs'

process.exit(await reproduce({ streamText, provider: (baseURL) => createMistral({ baseURL, apiKey: 'x' }) }))
