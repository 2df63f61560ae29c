// Reproducer of a @tanstack/ai-gemini 0.32.0 defect (tests/data/tanstack-ai-gemini.verdicts.json,
// ids.reuse.002, row 8.4.2): a thought part that comes after the text has started is sent as
// REASONING_MESSAGE_CONTENT for the reasoning message the adapter already ended: the reasoning is
// opened once per stream (`hasEmittedStepStarted`, dist/esm/adapters/text.js:364) and closed at the
// first text (:409-421), and later thoughts still yield content for that id (:393).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-reasoning-closed.mjs (exits 1 while present).
import { chunk, runGemini, usage } from './tanstack-gemini-lib.mjs'

const events = await runGemini([chunk([{ text: 'First thought.', thought: true }]), chunk([{ text: 'Answer.' }]),
  chunk([{ text: 'Second thought.', thought: true }]), chunk([{ text: ' More.' }], { finishReason: 'STOP',
    usageMetadata: usage })])
const ended = new Set()
let late = 0
for (const e of events) {
  if (e.type === 'REASONING_MESSAGE_END') ended.add(e.messageId)
  if (e.type === 'REASONING_MESSAGE_CONTENT' && ended.has(e.messageId)) late++
}
console.log(`${late} REASONING_MESSAGE_CONTENT event(s) after their message's REASONING_MESSAGE_END`)
process.exit(late === 0 ? 0 : 1)
