// Reproducer of D-reused-index in tests/data/voltagent-ui-cerebras.verdicts.json (quirks.tool-index-reused.002,
// row robust.invented-input; the input breaks the index contract on purpose): two calls that both say index 0, the
// first without arguments. @ai-sdk/cerebras 2.0.82's chat model, its own nested @ai-sdk/openai-compatible 2.0.76's,
// finds toolCalls[0] taken and appends every later delta to it, the delta's own id and name unread (openai-compatible
// dist/index.mjs:865-877): list_files is handed over with the arguments the model sent for file_write, and
// file_write is lost.
// Exits 1 while the defect is present (0 once list_files keeps {} and file_write gets {"path":"world.py"}).
// _lib.mjs first: it sets NODE_ENV=production before @voltagent/core is evaluated (no models.dev fetch).
import { chunk, run } from './_lib.mjs'
import { createTool } from '@voltagent/core'
import { jsonSchema } from 'ai'

const call = (fields) => chunk({ tool_calls: [{ index: 0, ...fields }] })
const params = jsonSchema({ type: 'object', properties: { path: { type: 'string' } } })
const { chunks } = await run({ wire: 'cerebras',
  turns: [[chunk({ role: 'assistant', content: '' }),
    call({ id: 'call_l1', type: 'function', function: { name: 'list_files', arguments: '' } }),
    call({ id: 'call_w2', type: 'function', function: { name: 'file_write', arguments: '' } }),
    call({ function: { arguments: '{"path":' } }), call({ function: { arguments: '"world.py"}' } }),
    chunk({}, 'tool_calls')]],
  tools: [createTool({ name: 'list_files', description: 'List the files', parameters: jsonSchema({ type: 'object', properties: {} }) }),
    createTool({ name: 'file_write', description: 'Write a file', parameters: params })],
})
const calls = chunks.filter((c) => c.type === 'tool-input-available')
console.log(`calls handed over: ${calls.map((c) => `${c.toolCallId} ${c.toolName}: ${JSON.stringify(c.input)}`).join('; ')}`)
const ok = calls.some((c) => c.toolName === 'file_write' && c.input?.path === 'world.py')
  && !calls.some((c) => c.toolName === 'list_files' && c.input?.path)
process.exit(ok ? 0 : 1)
