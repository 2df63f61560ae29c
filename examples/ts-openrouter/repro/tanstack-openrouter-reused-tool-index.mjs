// Reproducer (outside the suite) of a defect pinned in tests/data/tanstack-ai-openrouter.verdicts.json
// (quirks.tool-index-reused.001/.002, row 8.4.2, graded on robustness: the input breaks the index contract): when
// a second call arrives on a Chat Completions tool_calls index already in use, @tanstack/ai-openrouter 0.19.6
// dist/esm/adapters/text.js:588-623 keys calls by `index` alone: it overwrites the started call's id with the new
// one (:600), appends the arguments (:602) and emits TOOL_CALL_ARGS / TOOL_CALL_END for an id it never started
// (:616-622, :642-650): invalid AG-UI output, and the first call is never closed under its own id.
// Prints the tool events; exits 1 while the defect is present (0 once every ARGS/END names a started call).
import { chunk, run } from './_lib.mjs'

const call = (id, path) => chunk({ tool_calls: [{ index: 0, id, type: 'function',
  function: { name: 'file_write', arguments: JSON.stringify({ path }) } }] })
const tools = [{ name: 'file_write', description: 'Write', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }]
const { chunks } = await run({ turns: [[chunk({ role: 'assistant' }), call('call_w1', 'hello.py'),
  call('call_w2', 'world.py'), chunk({}, 'tool_calls')]], options: { tools } })
const started = new Set()
let orphan = null
for (const c of chunks.filter((x) => x.type.startsWith('TOOL_CALL'))) {
  if (c.type === 'TOOL_CALL_START') started.add(c.toolCallId)
  if ((c.type === 'TOOL_CALL_ARGS' || c.type === 'TOOL_CALL_END') && !started.has(c.toolCallId)) orphan ??= c
  console.log(c.type, c.toolCallId)
}
process.exit(orphan ? 1 : 0)
