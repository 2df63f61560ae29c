// Reproducer of a @tanstack/ai-gemini 0.32.0 defect (tests/data/tanstack-ai-gemini.verdicts.json,
// finish.missing.001-.003, row 8.1.19): when the stream ends without a chunk carrying finishReason,
// processStreamChunks (dist/esm/adapters/text.js:519, the one place that ends the run) emits neither
// RUN_FINISHED nor RUN_ERROR: the text message stays open and chat()'s run never ends.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-no-terminal.mjs (exits 1 while present).
import { chunk, runGemini } from './tanstack-gemini-lib.mjs'

const events = await runGemini([chunk([{ text: 'Honey never' }]), chunk([{ text: ' spoils.' }])])
console.log(events.map((e) => e.type).join(' '))
process.exit(events.some((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR') ? 0 : 1)
