// @ai-sdk/huggingface 2.0.48 (dist/index.js:677, :691): the Responses model sends reasoning-end only at
// response.reasoning_text.done, and its flush() closes nothing, so a reasoning block the upstream never closes
// (here: the text starts and the response completes) stays open at the finish. @ai-sdk/openai 4 closes it.
// Pinned in tests/data/ai-sdk7-huggingface.verdicts.json (finish.missing.003, row 8.1.8: a stream cut with its
// reasoning open). The first run counted reasoning.unclosed.001 too; there the mock's wire, as Hugging Face's server,
// sends response.reasoning_text.done before response.completed, which this client reads, so it PASSes.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-huggingface-open-reasoning.mjs
// Exits 1 while the defect is present (0 once every reasoning-start has its reasoning-end before the finish).
import { completed, created, replay } from './ai-sdk7-huggingface-replay.mjs'

const rs = { id: 'rs_1', type: 'reasoning', status: 'in_progress', content: [], summary: [] }
const msg = { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] }
const { chunks, thrown } = await replay([created,
  { type: 'response.output_item.added', output_index: 0, item: rs, sequence_number: 1 },
  { type: 'response.reasoning_text.delta', item_id: 'rs_1', output_index: 0, content_index: 0, delta: '6 * 7 = 42.', sequence_number: 2 },
  { type: 'response.output_item.added', output_index: 1, item: msg, sequence_number: 3 },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta: '42', sequence_number: 4 },
  { type: 'response.output_item.done', output_index: 1, item: { ...msg, status: 'completed', content: [{ type: 'output_text', text: '42', annotations: [] }] }, sequence_number: 5 },
  completed,
])
if (thrown) throw thrown
const starts = chunks.filter((c) => c.type === 'reasoning-start').length
const ends = chunks.filter((c) => c.type === 'reasoning-end').length
console.log(`reasoning-start ${starts}, reasoning-end ${ends}; chunk types: ${chunks.map((c) => c.type).join(' ')}`)
process.exit(starts > 0 && starts === ends ? 0 : 1)
