// Reproducer of D-reused-index in tests/data/voltagent-ui.verdicts.json (quirks.tool-index-reused.002): two
// calls that both say index 0 (Ollama), the first without arguments. @ai-sdk/openai 3.0.141's tracker (provider-utils 4.0.66 copy,
// node_modules/@ai-sdk/provider-utils/dist/index.mjs:3310) returns on the 'ambiguous' resolution, so the
// second call's argument deltas are dropped and it is handed over with input {}.
// Exits 1 while the defect is present (0 once file_write keeps the arguments the model sent).
// _lib.mjs first: it sets NODE_ENV=production before @voltagent/core is evaluated (no models.dev fetch).
import { chunk, run } from './_lib.mjs'
import { createTool } from '@voltagent/core'
import { jsonSchema } from 'ai'

const call = (fields) => chunk({ tool_calls: [{ index: 0, ...fields }] })
const params = jsonSchema({ type: 'object', properties: { path: { type: 'string' } } })
const { chunks } = await run({
  turns: [[chunk({ role: 'assistant', content: '' }),
    call({ id: 'call_l1', type: 'function', function: { name: 'list_files', arguments: '' } }),
    call({ id: 'call_w2', type: 'function', function: { name: 'file_write', arguments: '' } }),
    call({ function: { arguments: '{"path":' } }), call({ function: { arguments: '"world.py"}' } }),
    chunk({}, 'tool_calls')]],
  tools: [createTool({ name: 'list_files', description: 'List the files', parameters: jsonSchema({ type: 'object', properties: {} }) }),
    createTool({ name: 'file_write', description: 'Write a file', parameters: params })],
})
const calls = chunks.filter((c) => c.type === 'tool-input-available').map((c) => `${c.toolCallId}: ${JSON.stringify(c.input)}`)
console.log(`calls handed over: ${calls.join('; ')}`)
process.exit(calls.some((c) => c.includes('world.py')) ? 0 : 1)
