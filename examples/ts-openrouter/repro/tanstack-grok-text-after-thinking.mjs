// Reproducer (outside the suite) of a defect pinned in tests/data/tanstack-ai-grok.verdicts.json (ids.reuse.002,
// row consumer.ui-messages): when a reasoning message comes between two deltas of one open text message
// (createGrokText, openai-base 0.10.9's Responses adapter, does this for a Responses stream whose second
// reasoning item follows the first output_text), @tanstack/ai 0.52.3's own StreamProcessor shows the text before
// the thinking part twice: the text part after the thinking part repeats the whole segment (currentSegmentText is
// not reset when a thinking part interrupts it, dist/esm/activities/chat/stream/processor.js:726-741), so the UI
// reads "Part one." + "Part one. Part two.". The same code as 0.58.0's processor.js:753-768
// (examples/ts/repro/tanstack-processor-text-after-thinking.mjs), here on the @tanstack/ai ai-grok's peer range allows.
// Prints the message's text parts; exits 1 while the defect is present (0 once the text reads once).
import { StreamProcessor } from '@tanstack/ai/client'

const events = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Part one.' },
  { type: 'REASONING_START', messageId: 'r2' },
  { type: 'REASONING_MESSAGE_START', messageId: 'r2', role: 'reasoning' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r2', delta: ' Now part two.' },
  { type: 'REASONING_MESSAGE_END', messageId: 'r2' },
  { type: 'REASONING_END', messageId: 'r2' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: ' Part two.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r', finishReason: 'stop' },
]
async function* replay() {
  yield* events
}
console.warn = () => {}
const processor = new StreamProcessor()
await processor.process(replay())
const texts = processor.getMessages().flatMap((m) => m.parts).filter((p) => p.type === 'text').map((p) => p.content)
console.log('text parts:', JSON.stringify(texts))
process.exit(texts.join('') === 'Part one. Part two.' ? 0 : 1)
