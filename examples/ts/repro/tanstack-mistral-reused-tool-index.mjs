// Reproducer (outside the suite) of D-reused-index, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (quirks.tool-index-reused.001/.002, row 8.4.2, graded on robustness: the input breaks the index contract): a
// second call on a tool_calls index already in use overwrites the started call's id (@tanstack/ai-mistral 0.6.7
// dist/esm/adapters/text.js:227) and TOOL_CALL_ARGS / TOOL_CALL_END go out for an id never started (:250-256, :265).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-reused-tool-index.mjs
// Exits 1 while the defect is present (0 once every ARGS/END names a started call).
import { call, chunk, run, serveBody, sse } from './tanstack-mistral-lib.mjs'

const tools = [{ name: 'file_write', description: 'Write', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }]
const upstream = await serveBody(sse([chunk({ role: 'assistant', content: '' }),
  call(0, 'call_w1', 'file_write', '{"path":"hello.py"}'), call(0, 'call_w2', 'file_write', '{"path":"world.py"}'),
  chunk({}, 'tool_calls')]))
const { events } = await run(upstream.url, { tools })
upstream.close()
const started = new Set()
let orphan = null
for (const e of events) {
  if (e.type === 'TOOL_CALL_START') started.add(e.toolCallId)
  if ((e.type === 'TOOL_CALL_ARGS' || e.type === 'TOOL_CALL_END') && !started.has(e.toolCallId)) orphan ??= e
  if (e.type.startsWith('TOOL_CALL')) console.log(e.type, e.toolCallId)
}
process.exit(orphan ? 1 : 0)
