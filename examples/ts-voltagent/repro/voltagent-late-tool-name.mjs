// Reproducer of D-late-tool-name in tests/data/voltagent-ui.verdicts.json (quirks.tool-late-id.001): a call's
// first delta has no id and no name (they come in the next delta, as some OpenAI-compatible servers send).
// @ai-sdk/openai 3.0.141's StreamingToolCallTracker (its copy of provider-utils 4.0.66,
// node_modules/@ai-sdk/provider-utils/dist/index.mjs:3455) throws "Expected 'function.name' to be a string."
// and the UI message stream errors: no tool call reaches the user.
// Exits 1 while the defect is present (0 once the call arrives).
// _lib.mjs first: it sets NODE_ENV=production before @voltagent/core is evaluated (no models.dev fetch).
import { chunk, run } from './_lib.mjs'
import { createTool } from '@voltagent/core'
import { jsonSchema } from 'ai'

const call = (fields) => chunk({ tool_calls: [{ index: 0, ...fields }] })
const { chunks, error } = await run({
  turns: [[chunk({ role: 'assistant', content: '' }), call({ function: { arguments: '{"city":' } }),
    call({ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '"Oslo"}' } }),
    chunk({}, 'tool_calls')]],
  tools: [createTool({ name: 'get_weather', description: 'Weather', parameters: jsonSchema({ type: 'object', properties: { city: { type: 'string' } } }) })],
})
const call1 = chunks.find((c) => c.type === 'tool-input-available')
console.log(`tool call: ${JSON.stringify(call1 ?? null)}; stream error: ${error?.message ?? 'none'}`)
process.exit(call1 ? 0 : 1)
