// ai-sdk-disconnect.mjs's defect (ai 7.0.173 dist/index.js:8002: toUIMessageStream's pull() catches the read error and
// calls controller.error(error) instead of sending an `error` chunk) on ai 7 + @ai-sdk/huggingface 2.0.48, over a
// Responses stream cut mid-message. Pinned in tests/data/ai-sdk7-huggingface.verdicts.json (fault.disconnect.001/.002).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-huggingface-disconnect.mjs (exits 1 while the defect is present).
import { created, replay } from './ai-sdk7-huggingface-replay.mjs'

const item = { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] }
const { chunks, thrown } = await replay([created,
  { type: 'response.output_item.added', output_index: 0, item, sequence_number: 1 },
  { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Rivers carry water', sequence_number: 2 },
], { cut: true })
const last = chunks.at(-1)
if (thrown) {
  console.log(`the UI message stream threw ${thrown.name}: ${thrown.message} (last chunk ${JSON.stringify(last)})`)
  process.exit(1)
}
console.log(`the UI message stream ended with ${JSON.stringify(last)}`)
process.exit(last?.type === 'error' || (last?.type === 'finish' && last.finishReason === 'error') ? 0 : 1)
