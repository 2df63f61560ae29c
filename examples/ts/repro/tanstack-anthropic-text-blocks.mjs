// Reproducer of two @tanstack/ai-anthropic 0.18.11 defects (tests/data/tanstack-ai-anthropic.verdicts.json):
// - D-text-block-reopen (text.blocks.001, ids.reuse.002, row 8.4.2): one messageId per response
//   (dist/esm/adapters/text.js:478) and a TEXT_MESSAGE_END at every text block's stop (:734) that leaves
//   hasEmittedTextMessageStart set: a second text block continues, then closes again, the message already ended;
// - D-text-end-empty (text.empty-delta.002, row 8.1.5): that TEXT_MESSAGE_END is sent only when
//   accumulatedContent is non-empty (:734): a text block of empty deltas stays open at RUN_FINISHED.
// Run: node examples/ts/repro/tanstack-anthropic-text-blocks.mjs (exits 1 while either is present).
import { end, runAnthropic, start, textBlock, types } from './tanstack-anthropic-lib.mjs'

const two = await runAnthropic([start(), ...textBlock(0, 'First.'), ...textBlock(1, 'Second.'), ...end('end_turn')])
const empty = await runAnthropic([start(), ...textBlock(0, ''), ...end('end_turn')])
console.log(types(two))
console.log(types(empty))
const afterEnd = two.findIndex((e) => e.type === 'TEXT_MESSAGE_END')
const continuesClosed = two.slice(afterEnd + 1).some((e) => e.type === 'TEXT_MESSAGE_CONTENT'
  && e.messageId === two[afterEnd].messageId)
const leftOpen = empty.some((e) => e.type === 'TEXT_MESSAGE_START') && !empty.some((e) => e.type === 'TEXT_MESSAGE_END')
process.exit(continuesClosed || leftOpen ? 1 : 0)
