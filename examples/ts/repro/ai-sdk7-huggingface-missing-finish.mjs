// @ai-sdk/huggingface 2.0.48 (dist/index.js:554, :691): the Responses model starts from finishReason
// {unified: 'other'} and its flush() sends finish with it when the stream ends with no terminal event
// (no response.completed or response.failed), so ai 7 shows the cut answer as finished; and the text part the
// stream opened is left open (text-end comes only at response.output_item.done, :629; flush closes nothing).
// Pinned in tests/data/ai-sdk7-huggingface.verdicts.json (finish.missing.001/.002/.003, rows 8.1.19, 8.1.5, 8.1.8).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-huggingface-missing-finish.mjs
// Exits 1 while the defect is present (0 once the run ends as an error or 'interrupted' with its text closed).
import { created, replay } from './ai-sdk7-huggingface-replay.mjs'

const item = { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] }
const { chunks, thrown } = await replay([created,
  { type: 'response.output_item.added', output_index: 0, item, sequence_number: 1 },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Rivers carry', sequence_number: 2 },
])
if (thrown) throw thrown
const finish = chunks.find((c) => c.type === 'finish')
const closed = chunks.some((c) => c.type === 'text-end')
console.log(`text closed: ${closed}; the finish chunk: ${JSON.stringify(finish)}`)
const failed = chunks.some((c) => c.type === 'error') || ['error', 'interrupted'].includes(finish?.finishReason)
process.exit(failed && closed ? 0 : 1)
