// Reproducer (outside the suite) of an @ai-sdk/mistral 3.0.68 defect (ai 6's own provider generation, npm alias
// ai6-mistral) pinned in tests/data/ai-sdk6-mistral.verdicts.json (quirks.azure-filter-chunk.001, ERROR; the chunk
// breaks the ChatCompletionChunk contract on purpose, graded on robustness). A chunk whose `choices` is empty passes
// the provider's own chunk schema (`choices: z4.array(...)`, dist/index.mjs:814) and then doStream's transform reads
// `value.choices[0].delta` unguarded (dist/index.mjs:584-585): a TypeError that errors the stream after the first
// text, and the rest of the answer is lost. @ai-sdk/mistral 4.0.87 has the same defect
// (examples/ts/repro/ai-sdk7-mistral-empty-choices.mjs).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-mistral-empty-choices.mjs
// Prints the text and how the stream ended; exits 1 while the defect is present (0 once "Hello there!" arrives).
import { streamText } from 'ai'
import { createMistral } from 'ai6-mistral'
import { reproduce } from './mistral-empty-choices.mjs'

process.exit(await reproduce({ streamText, provider: (baseURL) => createMistral({ baseURL, apiKey: 'x' }) }))
