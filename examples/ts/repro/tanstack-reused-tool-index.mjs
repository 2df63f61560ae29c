// Reproducer (outside the suite) of a TanStack AI defect pinned in tests/data/tanstack-ai-openai.verdicts.json
// (quirks.tool-index-reused.001, row 8.4.2, graded on robustness: the input breaks the index contract):
// when a second call arrives on a Chat Completions tool_calls index already in use (Ollama sends every
// call with index 0), @tanstack/openai-base 0.10.15 dist/esm/adapters/chat-completions-text.js:620
// overwrites the started call's id with the new one and then emits TOOL_CALL_ARGS / TOOL_CALL_END for
// an id it never started: invalid AG-UI output (a consumer drops or rejects them), and the first call
// is never closed under its own id.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-reused-tool-index.mjs
// Prints the events; exits 1 while the defect is present (0 once every ARGS/END names a started call).
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { createOpenaiChatCompletions } from '@tanstack/ai-openai'

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'qwen',
  choices: [{ index: 0, delta, finish_reason: finish }] })
const call = (id, path) => chunk({ tool_calls: [{ index: 0, id, type: 'function',
  function: { name: 'file_write', arguments: JSON.stringify({ path }) } }] })
const body = [chunk({ role: 'assistant' }), call('call_w1', 'hello.py'), call('call_w2', 'world.py'), chunk({}, 'tool_calls')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const adapter = createOpenaiChatCompletions('qwen', 'sk-x', { baseURL: `http://127.0.0.1:${server.address().port}/v1`, maxRetries: 0 })
const tools = [{ name: 'file_write', description: 'Write', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }]
const started = new Set()
let orphan = null
for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Write two files' }], tools,
  agentLoopStrategy: maxIterations(1) })) {
  if (c.type === 'TOOL_CALL_START') started.add(c.toolCallId)
  if ((c.type === 'TOOL_CALL_ARGS' || c.type === 'TOOL_CALL_END') && !started.has(c.toolCallId)) orphan ??= c
  if (c.type.startsWith('TOOL_CALL')) console.log(c.type, c.toolCallId)
}
server.close()
process.exit(orphan ? 1 : 0)
