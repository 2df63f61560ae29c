// Reproducer of a @tanstack/ai-gemini 0.32.0 defect (tests/data/tanstack-ai-gemini.verdicts.json,
// finish.gemini-prompt-blocked.001, row 8.1.18): a blocked prompt is answered with one chunk that has
// `promptFeedback.blockReason` and no candidate (google-genai 3.6.1 GenerateContentResponsePromptFeedback);
// processStreamChunks never reads promptFeedback and ends the run only on a candidate's finishReason
// (dist/esm/adapters/text.js:519), so chat() yields neither RUN_FINISHED nor RUN_ERROR: the run never ends.
// @ai-sdk/google 4.0.121 finishes it as content-filter (dist/index.js:2567-2575).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-prompt-blocked.mjs (exits 1 while present).
import { runGemini, usage } from './tanstack-gemini-lib.mjs'

const events = await runGemini([{ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: usage,
  modelVersion: 'gemini-2.5-flash' }])
console.log(events.map((e) => e.type).join(' '))
process.exit(events.some((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR') ? 0 : 1)
