// Reproducer of D-azure-filter-chunk in tests/data/voltagent-ui-deepseek.verdicts.json (quirks.azure-filter-chunk.001,
// row 8.1.4; the chunk breaks the ChatCompletionChunk contract on purpose, graded on robustness). Azure's
// content-filter chunk (`object: ''`, empty id, model and `choices`, `prompt_filter_results`) fails @ai-sdk/deepseek
// 2.0.69's chunk schema, whose `object` may only be 'chat.completion.chunk' or absent (dist/index.mjs:520), and its
// error schema (the union's other arm, :459-466); doStream turns the failed parse into an `error` part (:951-954),
// which ai 6.0.326's UI message stream sends as an `error` chunk ('An error occurred.', ai's default onError) in the
// middle of an answer that goes on. This model class is the one @ai-sdk/azure 3.0.128 runs for DeepSeek served by
// Azure (`azure.deepseek(deployment)`, its dist/index.mjs:312-320), whose streams carry these chunks.
// Prints the text and the error chunks; exits 1 while the defect is present (0 once "Hello there!" arrives with no
// error).
import { chunk, run } from './_lib.mjs'

const filtered = { hate: { filtered: false, severity: 'safe' }, violence: { filtered: false, severity: 'safe' } }
const azure = JSON.stringify({ id: '', object: '', created: 0, model: '', choices: [], // Azure's content-filter chunk
  prompt_filter_results: [{ prompt_index: 0, content_filter_results: filtered }] })
const { chunks, error } = await run({ wire: 'deepseek', turns: [[chunk({ role: 'assistant', content: 'Hello' }), azure,
  chunk({ content: ' there!' }), chunk({}, 'stop')]] })
const text = chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('')
const errors = chunks.filter((c) => c.type === 'error').map((c) => c.errorText)
console.log(`text: ${JSON.stringify(text)}; error chunks: ${JSON.stringify(errors)}; finish: ${JSON.stringify(chunks.at(-1))}; stream error: ${error ? error.message : 'none'}`)
process.exit(text === 'Hello there!' && errors.length === 0 && !error ? 0 : 1)
