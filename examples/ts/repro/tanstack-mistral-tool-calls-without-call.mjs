// Reproducer (outside the suite) of D-tool-calls-without-call, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (finish.tool-calls-none.001, loop.empty-tool-calls.001, row 8.2.tool-calls): finish_reason 'tool_calls' with no
// call streamed is passed through (@tanstack/ai-mistral 0.6.7 dist/esm/adapters/text.js:275), although chat()
// reads 'tool_calls' as "client calls to run" (spec-reference 8.2: tool_calls iff a client call completed).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-tool-calls-without-call.mjs
// Exits 1 while the defect is present (0 once such a turn finishes 'stop').
import { chunk, run, serveBody, sse, weather } from './tanstack-mistral-lib.mjs'

const upstream = await serveBody(sse([chunk({ role: 'assistant', content: 'Nothing to look up.' }),
  chunk({}, 'tool_calls')]))
const { events } = await run(upstream.url, { tools: weather })
upstream.close()
const finished = events.filter((e) => e.type === 'RUN_FINISHED').map((e) => e.finishReason ?? e.metadata?.tanstack?.finishReason)
console.log(events.map((e) => e.type).join(' '), '| finish reasons:', finished.join(', '))
process.exit(finished.includes('tool_calls') ? 1 : 0)
