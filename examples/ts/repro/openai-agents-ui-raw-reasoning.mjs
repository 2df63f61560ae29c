// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (reasoning.raw-text.001, row 8.1.7): a Responses reasoning item that carries the model's raw reasoning
// (`content: [{type: 'reasoning_text'}]`, streamed as `response.reasoning_text.delta`; openai 6.49.0
// `ResponseReasoningItem.content`) reaches the UI as no reasoning: @openai/agents-openai 0.18.0 turns a
// reasoning item into the agent's item from its `summary` alone (dist/openaiResponsesConverter.mjs:1487),
// leaving `content` in providerData, and the ai-sdk-ui stream shows what that item's content holds.
// Run: node examples/ts/repro/openai-agents-ui-raw-reasoning.mjs (exits 1 while the defect is present).
import { completed, runUi, serve } from './openai-agents-ui-lib.mjs'

const reasoning = { id: 'rs_1', type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'Think first.' }] }
const message = { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant',
  content: [{ type: 'output_text', text: 'Hi.', annotations: [] }] }
const events = completed([reasoning, message])
events.splice(2, 0, { type: 'response.reasoning_text.delta', item_id: 'rs_1', output_index: 0, content_index: 0,
  delta: 'Think first.' })
const server = await serve([events])
const { chunks, message: shown } = await runUi(server.baseURL)
server.close()
const thought = (shown?.parts ?? []).filter((p) => p.type === 'reasoning').map((p) => p.text).join('')
console.log(`raw reasoning: chunks ${JSON.stringify(chunks.map((c) => c.type))}; the UI shows reasoning ${JSON.stringify(thought)}`)
process.exit(thought.includes('Think') ? 0 : 1)
