// Reproducer of a @tanstack/ai-gemini 0.32.0 defect (tests/data/tanstack-ai-gemini.verdicts.json,
// http.401.001, http.429.001, http.500.001, error.first.001, row 8.1.0): when the request fails, the
// adapter's catch yields RUN_ERROR with no RUN_STARTED before it (dist/esm/adapters/text.js:111;
// RUN_STARTED is sent only with the first stream chunk, :351), while TanStack's own OpenAI adapters
// start the run first (@tanstack/openai-base 0.10.15) and spec-reference 8.1 row 0 wants it.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-http-error.mjs (exits 1 while present).
import { runGemini } from './tanstack-gemini-lib.mjs'

const events = await runGemini([], { status: 429 })
console.log(events.map((e) => e.type).join(' '))
process.exit(events[0]?.type === 'RUN_STARTED' ? 0 : 1)
