// Reproducer (outside the suite) of an @ai-sdk/mistral 2.0.50 defect (ai 5's own provider generation, npm alias
// ai5-mistral) pinned in tests/data/ai-sdk5-mistral.verdicts.json (quirks.azure-filter-chunk.001, ERROR, D-empty-choices;
// the chunk breaks the ChatCompletionChunk contract on purpose, graded on robustness). A chunk whose `choices` is empty
// passes the provider's own chunk schema (`choices: z3.array(...)`, dist/index.mjs:732) and then doStream's transform
// reads `value.choices[0].delta` unguarded (dist/index.mjs:500-501): a TypeError that errors the stream after the first
// text, and the rest of the answer is lost. @ai-sdk/mistral 3.0.68 and 4.0.87 have the same defect.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-mistral-empty-choices.mjs
// Prints the text and how the stream ended; exits 1 while the defect is present (0 once "Hello there!" arrives).
import { streamText } from 'ai5'
import { createMistral } from 'ai5-mistral'
import { reproduce } from './mistral-empty-choices.mjs'

process.exit(await reproduce({ streamText, provider: (baseURL) => createMistral({ baseURL, apiKey: 'x' }) }))
