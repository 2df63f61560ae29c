// Reproducer of a @tanstack/ai-gemini 0.32.0 defect (tests/data/tanstack-ai-gemini.verdicts.json,
// tool.text-between.001, finish.tool-calls.001, tool.replay.001, ids.reuse.001,
// reasoning.interleaved.001, row 8.1.5): when the turn made a function call, the finish resets
// `hasEmittedTextMessageStart` (`if (toolCallMap.size > 0) hasEmittedTextMessageStart = false`,
// dist/esm/adapters/text.js:539) before the TEXT_MESSAGE_END it guards (:567), so the text message
// is never ended before RUN_FINISHED.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-text-open.mjs (exits 1 while present).
import { chunk, runGemini, usage, weatherTool } from './tanstack-gemini-lib.mjs'

const events = await runGemini([chunk([{ text: 'Checking. ' }]),
  chunk([{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Rome' } } }], { finishReason: 'STOP',
    usageMetadata: usage })], { tools: weatherTool })
const types = events.map((e) => e.type)
console.log(types.join(' '))
process.exit(types.includes('TEXT_MESSAGE_END') ? 0 : 1)
