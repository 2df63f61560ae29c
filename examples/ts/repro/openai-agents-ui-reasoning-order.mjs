// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json (row
// consumer.ui-message-stream, e.g. reasoning.basic.001): a Responses reasoning item streamed BEFORE the message
// is shown AFTER its text. The ai-sdk-ui module of @openai/agents-extensions 0.18.0 streams text as it comes
// (output_text_delta, dist/ai-sdk-ui/uiMessageStream.mjs:169-194), closes the step at response_done (:196-209)
// and shows reasoning only from the run item reasoning_item_created (:349-361), which comes after the response
// is done: the chunks are `text-start ... text-end, finish-step, reasoning-start, reasoning-delta,
// reasoning-end, finish`, so ai 6.0.326's readUIMessageStream holds the parts [text, reasoning] and a useChat
// UI, which renders parts in order, shows the thinking below the answer.
// Run: node examples/ts/repro/openai-agents-ui-reasoning-order.mjs (exits 1 while reasoning comes last).
import { completed, message, runUi, serve, shown } from './openai-agents-ui-lib.mjs'

const reasoning = { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: '91 = 7 * 13.' }] }
const events = completed([reasoning, message('msg_1', 'No: 91 = 7 x 13.')])
// The summary streams inside the reasoning item, before the message item is added.
events.splice(2, 0, { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0,
  summary_index: 0, delta: '91 = 7 * 13.' })
const server = await serve([events])
const { chunks, thrown, message: ui } = await runUi(server.baseURL)
server.close()
const order = (ui?.parts ?? []).map((p) => p.type).filter((t) => t === 'text' || t === 'reasoning')
console.log(`the model streamed: reasoning, then text. chunks ${JSON.stringify(chunks.map((c) => c.type))}${
  thrown ? `; the stream threw ${thrown.message}` : ''}\nthe reader shows:\n  ${shown(ui).join('\n  ')}`)
process.exit(order.join(',') === 'reasoning,text' ? 0 : 1)
