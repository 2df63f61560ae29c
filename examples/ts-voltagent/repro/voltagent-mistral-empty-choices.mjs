// Reproducer of D-empty-choices in tests/data/voltagent-ui-mistral.verdicts.json (quirks.azure-filter-chunk.001,
// ERROR; the chunk breaks the Chat Completions chunk contract on purpose, graded on robustness). A chunk whose
// `choices` is empty passes @ai-sdk/mistral 3.0.69's own chunk schema (`choices: z4.array(...)`, dist/index.mjs:814)
// and doStream's transform then reads `value.choices[0].delta` unguarded (:584-585): a TypeError errors the stream
// after the first text, and under VoltAgent's agent the rest of the answer is lost.
// Prints the text and how the stream ended; exits 1 while the defect is present (0 once "Hello there!" arrives).
import { chunk, run } from './_lib.mjs'

const { chunks, error } = await run({ wire: 'mistral', turns: [[chunk({ role: 'assistant', content: 'Hello' }),
  JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: 'mock', choices: [] }),
  chunk({ content: ' there!' }), chunk({}, 'stop')]] })
const text = chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('')
const failed = chunks.find((c) => c.type === 'error')
console.log(`text: ${JSON.stringify(text)}; error chunk: ${failed ? failed.errorText : 'none'}; stream error: ${error ? error.message : 'none'}`)
process.exit(text === 'Hello there!' && !failed && !error ? 0 : 1)
