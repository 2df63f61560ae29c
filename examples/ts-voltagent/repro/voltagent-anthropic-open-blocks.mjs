// Reproducer of D-open-blocks in tests/data/voltagent-ui-anthropic.verdicts.json (finish.missing.001 row 8.1.5,
// finish.missing.003 and reasoning.unclosed.001 row 8.1.8): @ai-sdk/anthropic 3.0.140 closes a text or thinking
// block only at that block's own `content_block_stop` (dist/index.mjs:5919). Neither `message_stop` (:6264) nor the
// end of the stream (its TransformStream, :5429, has no flush) closes a block still open, so the UI message stream
// VoltAgent's route sends finishes with the part in state 'streaming' (ai 6.0.326's readUIMessageStream).
// Two streams: A ends after a text delta (no content_block_stop, no message_stop: a cut response);
// B never stops its thinking block but stops the text block after it and the message.
// Prints the chunk types and the parts' states; exits 1 while the defect is present (0 once every part is 'done').
import { readUIMessageStream } from 'ai'
import { messageEnd, messageStart, run } from './_lib.mjs'

const STREAMS = {
  A: [messageStart,
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Honey never spoils.' } }],
  B: [messageStart,
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: '6 * 7 = 42.' } },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: '42' } },
    { type: 'content_block_stop', index: 1 }, ...messageEnd()],
}
let open = 0
for (const [name, events] of Object.entries(STREAMS)) {
  const { chunks } = await run({ wire: 'messages', turns: [events] })
  let last
  for await (const m of readUIMessageStream({ stream: ReadableStream.from(chunks) })) last = m
  const states = (last?.parts ?? []).filter((p) => 'state' in p).map((p) => `${p.type}:${p.state}`)
  open += states.filter((s) => s.endsWith(':streaming')).length
  console.log(`${name}: ${chunks.map((c) => c.type).join(' ')}\n   parts: ${states.join(' ')}`)
}
process.exit(open === 0 ? 0 : 1)
