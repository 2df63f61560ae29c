// Reproducer (outside the suite) of a TanStack AI defect pinned in tests/data/tanstack-ai-openrouter.verdicts.json
// (every loop.* case but loop.abort-during-tool, rows 8.1.18 and the content rows a consumer loses after a
// terminal): when chat() runs a server tool (one with `execute`), @tanstack/ai 0.52.3 (the version
// @tanstack/ai-openrouter 0.19.6's peer range allows) yields the first model call's RUN_FINISHED before the tool's
// TOOL_CALL_RESULT and the next model call's events, then a second terminal event:
// dist/esm/activities/chat/index.js:942 flushes the deferred RUN_FINISHED of the tool-calls turn before the
// results (:943-944). The same engine defect the tanstack-ai-openai pins carry on 0.58.0 (index.js:945). An AG-UI
// consumer stops at the first terminal event (@ag-ui/client verifyEvents rejects what follows).
// Prints the event types; exits 1 while the defect is present (0 once one terminal ends the run).
import { chunk, run } from './_lib.mjs'

const turn1 = [chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }), chunk({}, 'tool_calls')]
const turn2 = [chunk({ role: 'assistant', content: 'Sunny in Paris.' }), chunk({}, 'stop')]
const tools = [{ name: 'get_weather', description: 'Weather', execute: async () => ({ sky: 'sunny' }),
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]
const { chunks } = await run({ turns: [turn1, turn2], options: { tools } })
const types = chunks.map((c) => c.type)
console.log(types.join(' '))
const terminals = types.filter((t) => t === 'RUN_FINISHED' || t === 'RUN_ERROR').length
process.exit(terminals === 1 && ['RUN_FINISHED', 'RUN_ERROR'].includes(types.at(-1)) ? 0 : 1)
