// Reproducer (outside the suite) of D-malformed-args-error, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (tool.malformed.001-004, loop.malformed.001/.002, row 8.1.13): unparsable tool-call arguments throw in
// @tanstack/ai-mistral 0.6.7 parseToolCallInput (dist/esm/adapters/text.js:16-25, called at :262) and the whole
// run ends in RUN_ERROR: the call is neither forwarded with its raw text nor given {} (the two choices row 8.1.13
// allows), and the answer is lost.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-malformed-args.mjs
// Exits 1 while the defect is present (0 once the run ends RUN_FINISHED with the call).
import { call, chunk, run, serveBody, sse, weather } from './tanstack-mistral-lib.mjs'

const upstream = await serveBody(sse([chunk({ role: 'assistant', content: '' }),
  call(0, 'call_1', 'get_weather', '{"city": "Paris", "unit": }'), chunk({}, 'tool_calls')]))
const { events } = await run(upstream.url, { tools: weather })
upstream.close()
const last = events.at(-1)
console.log(events.map((e) => e.type).join(' '), '|', last?.message ?? '')
process.exit(last?.type === 'RUN_ERROR' ? 1 : 0)
