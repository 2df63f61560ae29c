// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect pinned in
// tests/data/ai-sdk7-openrouter.verdicts.json (quirks.tool-index-reused.002, row robust.invented-input): two calls
// that both say index 0 (the input breaks the index contract on purpose; a robustness row). The chat model keys
// calls by `index` alone (dist/index.js:4811-4812): the second call's id and name are ignored and its argument
// deltas are appended to the first call (:4906), so list_files is handed to the client with
// {"path":"world.py"}, arguments the model sent for file_write, and file_write is lost.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-reused-tool-index.mjs
// Exits 1 while the defect is present.
import { call, chunk, clientTools, ofType, run } from './ai-sdk7-openrouter-lib.mjs'

const { chunks } = await run({ tools: clientTools('list_files', 'file_write'), lines: [
  chunk({ role: 'assistant', content: '' }),
  chunk(call(0, '', { id: 'call_l1', name: 'list_files' })), chunk(call(0, '', { id: 'call_w2', name: 'file_write' })),
  chunk(call(0, '{"path":')), chunk(call(0, '"world.py"}')), chunk({}, 'tool_calls')] })
const handed = ofType(chunks, 'tool-input-available').map((c) => `${c.toolName}(${JSON.stringify(c.input)})`)
console.log(`the model sent list_files({}) and file_write({"path":"world.py"}); handed over: ${handed.join(', ')}`)
process.exit(handed.includes('list_files({"path":"world.py"})') ? 1 : 0)
