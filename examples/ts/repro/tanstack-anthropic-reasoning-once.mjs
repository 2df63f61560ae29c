// Reproducer of a @tanstack/ai-anthropic 0.18.11 defect (tests/data/tanstack-ai-anthropic.verdicts.json,
// reasoning.interleaved.001 and ids.reuse.002, row 8.1.8, D-reasoning-once): the reasoning message is closed
// (REASONING_MESSAGE_END + REASONING_END) when text starts, guarded by hasClosedReasoning (dist/esm/adapters/
// text.js:600), which is set once per response and not reset when a second thinking block opens a new
// reasoning message (:565-569): that second reasoning message is never ended.
// Run: node examples/ts/repro/tanstack-anthropic-reasoning-once.mjs (exits 1 while present).
import { end, runAnthropic, start, textBlock, thinkingBlock, types } from './tanstack-anthropic-lib.mjs'

const events = await runAnthropic([start(), ...thinkingBlock(0, 'First thought.'), ...textBlock(1, 'Partly.'),
  ...thinkingBlock(2, 'Second thought.'), ...textBlock(3, 'Done.'), ...end('end_turn')])
console.log(types(events))
const started = new Set(events.filter((e) => e.type === 'REASONING_MESSAGE_START').map((e) => e.messageId))
const ended = new Set(events.filter((e) => e.type === 'REASONING_MESSAGE_END').map((e) => e.messageId))
process.exit([...started].every((id) => ended.has(id)) ? 0 : 1)
