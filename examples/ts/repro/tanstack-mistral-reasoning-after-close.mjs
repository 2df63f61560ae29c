// Reproducer (outside the suite) of D-reasoning-after-close, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (ids.reuse.002, reasoning.interleaved.001, row 8.4.2): Mistral streams reasoning as `thinking` chunks in
// delta.content; when reasoning resumes after text, @tanstack/ai-mistral 0.6.7 sends it as REASONING_MESSAGE_CONTENT
// to the reasoning message it already ended (dist/esm/adapters/text.js:153 opens one only while none was opened;
// :178-192 ends it once): invalid AG-UI output.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-reasoning-after-close.mjs
// Exits 1 while the defect is present (0 once no content goes to an ended reasoning message).
import { chunk, run, serveBody, sse } from './tanstack-mistral-lib.mjs'

const thinking = (text) => chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text }] }] })
const upstream = await serveBody(sse([chunk({ role: 'assistant', content: '' }), thinking('First, the question.'),
  chunk({ content: 'An answer' }), thinking('On second thought...'), chunk({ content: ', revised.' }),
  chunk({}, 'stop')]))
const { events } = await run(upstream.url)
upstream.close()
const ended = new Set()
let late = null
for (const e of events) {
  if (e.type === 'REASONING_MESSAGE_END') ended.add(e.messageId)
  if (e.type === 'REASONING_MESSAGE_CONTENT' && ended.has(e.messageId)) late ??= e
}
console.log(events.map((e) => e.type).join(' '))
process.exit(late ? 1 : 0)
