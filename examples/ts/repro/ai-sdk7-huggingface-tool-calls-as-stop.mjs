// @ai-sdk/huggingface 2.0.48 (dist/index.js:657): the Responses model takes its finish reason only from
// response.completed's `incomplete_details?.reason ?? 'stop'`, so a response whose output is a function call
// finishes 'stop', not 'tool-calls'. Hugging Face's own Responses server (huggingface/responses.js) ends every
// response with response.completed and no incomplete_details, which is what this server sends.
// Pinned in tests/data/ai-sdk7-huggingface.verdicts.json (tool.basic.001 and 27 more cases, row 8.2.tool-calls).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-huggingface-tool-calls-as-stop.mjs
// Exits 1 while the defect is present (0 once the finish chunk says 'tool-calls').
import { completed, created, replay } from './ai-sdk7-huggingface-replay.mjs'

const call = { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '' }
const { chunks, thrown } = await replay([created,
  { type: 'response.output_item.added', output_index: 0, item: call, sequence_number: 1 },
  { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '{}', sequence_number: 2 },
  { type: 'response.output_item.done', output_index: 0, item: { ...call, arguments: '{}', status: 'completed' }, sequence_number: 3 },
  completed,
], { tools: true })
if (thrown) throw thrown
const finish = chunks.find((c) => c.type === 'finish')
const called = chunks.some((c) => c.type === 'tool-input-available')
console.log(`tool call streamed: ${called}; the finish chunk: ${JSON.stringify(finish)}`)
process.exit(called && finish?.finishReason === 'tool-calls' ? 0 : 1)
