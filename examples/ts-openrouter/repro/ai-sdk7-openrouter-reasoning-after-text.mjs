// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect pinned in
// tests/data/ai-sdk7-openrouter.verdicts.json (ids.reuse.002, row 8.1.7): reasoning that comes after the text
// started is dropped. The chat model emits `reasoning_details` text only `if (!textStarted)` (dist/index.js:4723)
// and `delta.reasoning` only `else if (delta.reasoning && !textStarted)` (:4746); later reasoning is only kept in
// the finish's providerMetadata (:4701-4722 accumulate it), which useChat does not show as reasoning.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-reasoning-after-text.mjs
// Exits 1 while the defect is present.
import { chunk, ofType, run } from './ai-sdk7-openrouter-lib.mjs'

const reason = (text) => ({ reasoning: text, reasoning_details: [{ type: 'reasoning.text', text, format: 'unknown', index: 0 }] })
const { chunks } = await run({ lines: [chunk({ role: 'assistant', content: '' }), chunk(reason('Part one first.')),
  chunk({ content: 'Part one.' }), chunk(reason(' Now part two.')), chunk({ content: ' Part two.' }), chunk({}, 'stop')] })
const shown = ofType(chunks, 'reasoning-delta').map((c) => c.delta).join('')
console.log(`reasoning streamed: "Part one first. Now part two."; reasoning the UI message stream carries: ${JSON.stringify(shown)}`)
process.exit(shown === 'Part one first. Now part two.' ? 0 : 1)
