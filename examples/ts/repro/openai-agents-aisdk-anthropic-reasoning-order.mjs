// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-aisdk-anthropic.verdicts.json (row
// consumer.ui-message-stream, docs/findings-openai-agents-aisdk-anthropic.md D-reasoning-after-the-answer): with the
// agent's model `aisdk(anthropic(...))`, a thinking block that Claude streams BEFORE its text is shown after the text. AiSdkModel forwards only text deltas as they stream (output_text_delta,
// @openai/agents-extensions 0.18.0 dist/ai-sdk/index.mjs:939-958) and keeps reasoning for the final response's
// reasoning item (:960-981, :1043-1060); the ai-sdk-ui module shows reasoning only from the run item
// reasoning_item_created (dist/ai-sdk-ui/uiMessageStream.mjs:349-361), which comes after the response is done. ai
// 6.0.326's readUIMessageStream then holds the parts [text, reasoning], where streamText gives [reasoning, text].
// Run: node examples/ts/repro/openai-agents-aisdk-anthropic-reasoning-order.mjs (exits 1 while reasoning comes last).
import { aisdkAnthropic, messageStart, runUi, serveMessages, shown } from './openai-agents-ui-lib.mjs'

const events = [messageStart,
  { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: '91 = 7 * 13, so it has factors.' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQBCkYsig' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'No: 91 = 7 x 13.' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } },
  { type: 'message_stop' }]
const server = await serveMessages([events])
const { chunks, thrown, message } = await runUi(server.baseURL, { model: aisdkAnthropic(server.baseURL) })
server.close()
const order = (message?.parts ?? []).map((p) => p.type).filter((t) => t === 'text' || t === 'reasoning')
console.log(`Claude streamed: thinking, then text. chunks ${JSON.stringify(chunks.map((c) => c.type))}${
  thrown ? `; the stream threw ${thrown.message}` : ''}\nthe reader shows:\n  ${shown(message).join('\n  ')}`)
process.exit(order.join(',') === 'reasoning,text' ? 0 : 1)
