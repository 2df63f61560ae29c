// Reproducer (outside the suite) of a TanStack AI defect pinned in tests/data/tanstack-ai-openai.verdicts.json:
// an upstream finish_reason outside TanStack's own union reaches RUN_FINISHED verbatim.
// @tanstack/openai-base 0.10.15 dist/esm/adapters/chat-completions-text.js:747 passes `pendingFinishReason`
// through, while the RUN_FINISHED type allows only 'stop' | 'length' | 'content_filter' | 'tool_calls' | null.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-finish-passthrough.mjs
// Prints the reported finishReason and exits 1 when the defect is present (0 once it is fixed).
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { createOpenaiChatCompletions } from '@tanstack/ai-openai'

const chunk = (delta, finish) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0,
  model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(`data: ${chunk({ role: 'assistant', content: 'Hi' }, null)}\n\ndata: ${chunk({}, 'pause_turn')}\n\ndata: [DONE]\n\n`)
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const adapter = createOpenaiChatCompletions('gpt-4o-mini', 'sk-x', {
  baseURL: `http://127.0.0.1:${server.address().port}/v1`, maxRetries: 0 })
let reason
for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Hi' }], agentLoopStrategy: maxIterations(1) })) {
  if (c.type === 'RUN_FINISHED') reason = c.finishReason ?? c.metadata?.tanstack?.finishReason
}
server.close()
const allowed = ['stop', 'length', 'content_filter', 'tool_calls', null]
console.log(`upstream finish_reason "pause_turn" -> RUN_FINISHED finishReason ${JSON.stringify(reason)}`)
process.exit(allowed.includes(reason ?? null) ? 0 : 1)
