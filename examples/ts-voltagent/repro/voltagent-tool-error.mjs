// Reproducer of D-tool-error-as-output in tests/data/voltagent-ui.verdicts.json (loop.tool-error.001): a
// server tool made with createTool throws. VoltAgent's handleToolError (@voltagent/core 2.10.0
// dist/index.mjs:35407) returns buildToolErrorResult(...) (:23984) as the tool's output, so the UI message
// stream sends tool-output-available with {error: true, name, message, stack, ...}: useChat shows the failed
// call as a successful one (state 'output-available') and the stack trace reaches the browser.
// Exits 1 while the defect is present (0 once the failure is sent as tool-output-error).
// _lib.mjs first: it sets NODE_ENV=production before @voltagent/core is evaluated (no models.dev fetch).
import { chunk, run } from './_lib.mjs'
import { createTool } from '@voltagent/core'
import { jsonSchema } from 'ai'

const call = chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Atlantis"}' } }] })
const failing = createTool({ name: 'get_weather', description: 'Weather',
  parameters: jsonSchema({ type: 'object', properties: { city: { type: 'string' } } }),
  execute: async () => { throw new Error('city not found') } })
const { chunks } = await run({ turns: [[call, chunk({}, 'tool_calls')], [chunk({ role: 'assistant', content: 'Sorry.' }), chunk({}, 'stop')]],
  tools: [failing] })
const outcome = chunks.find((c) => c.type.startsWith('tool-output'))
console.log(`tool outcome: ${outcome?.type} ${JSON.stringify(outcome?.output ?? outcome?.errorText)?.slice(0, 160)}`)
process.exit(outcome?.type === 'tool-output-error' ? 0 : 1)
