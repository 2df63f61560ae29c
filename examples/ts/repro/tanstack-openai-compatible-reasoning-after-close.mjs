// Reproducer (outside the suite) of a TanStack AI defect pinned in
// tests/data/tanstack-ai-openai-compatible.verdicts.json (ids.reuse.002, row 8.4.2): chat() over
// @tanstack/ai-openai/compatible's openaiCompatibleText, the Chat Completions adapter that reads DeepSeek's
// `delta.reasoning_content`. When reasoning resumes after the text started (reasoning, text, reasoning, text,
// as an interleaving reasoner streams it), @tanstack/openai-base 0.10.15
// dist/esm/adapters/chat-completions-text.js:525 opens a reasoning message only while none was ever opened;
// the first text closed it (:565-577) but kept its id, so the later reasoning is sent as
// REASONING_MESSAGE_CONTENT for a message already ended (:551-557), which @ag-ui/client's verifyEvents rejects.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-openai-compatible-reasoning-after-close.mjs
// Prints the reasoning events; exits 1 while the defect is present (0 once no content follows its message's end).
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { openaiCompatibleText } from '@tanstack/ai-openai/compatible'

const chunk = (delta, finish = null) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0,
  model: 'qwen-reasoner', choices: [{ index: 0, delta, finish_reason: finish }] })
const body = [chunk({ role: 'assistant', reasoning_content: 'Part one first.' }), chunk({ content: 'Part one.' }),
  chunk({ reasoning_content: ' Now part two.' }), chunk({ content: ' Part two.' }), chunk({}, 'stop')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${c}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const adapter = openaiCompatibleText('qwen-reasoner', {
  baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-x', maxRetries: 0 })
const ended = new Set()
let contentAfterEnd = false
for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Give a two-part answer.' }],
  agentLoopStrategy: maxIterations(1) })) {
  if (!c.type.startsWith('REASONING_MESSAGE')) continue
  console.log(c.type, c.messageId, c.delta ?? '')
  if (c.type === 'REASONING_MESSAGE_END') ended.add(c.messageId)
  if (c.type === 'REASONING_MESSAGE_CONTENT' && ended.has(c.messageId)) contentAfterEnd = true
}
server.close()
process.exit(contentAfterEnd ? 1 : 0)
