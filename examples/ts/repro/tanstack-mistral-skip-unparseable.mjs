// Reproducer (outside the suite) of D-skip-unparseable, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (fault.raw-bytes.001, row 8.1.17): @tanstack/ai-mistral 0.6.7 reads the SSE itself and skips a data line that is
// not JSON with a console.warn (dist/esm/adapters/text.js:453-458), so a corrupted stream is reported as a complete
// answer: RUN_FINISHED 'stop' with the text that came around the bad bytes, and no error.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-skip-unparseable.mjs
// Exits 1 while the defect is present (0 once the run ends in RUN_ERROR).
import { chunk, run, serveBody, sse } from './tanstack-mistral-lib.mjs'

console.warn = () => {} // the adapter's own warning is the only trace of the lost bytes
const upstream = await serveBody(sse([chunk({ role: 'assistant', content: 'Cats are' }), '{"id":"cmpl-1","choi\u0000',
  chunk({}, 'stop')]))
const { events } = await run(upstream.url)
upstream.close()
console.log(events.map((e) => e.type).join(' '))
process.exit(events.some((e) => e.type === 'RUN_ERROR') ? 0 : 1)
