// Reproducer (outside the suite) of a TanStack AI defect found by loop.abort-during-tool.001 (rows
// 8.1.22 and 8.1.18 in the tanstack-ai-* verdicts): the caller aborts while chat() runs a server tool.
// chat() makes no further model call (dist/esm/activities/chat/index.js:343 returns when cancelled),
// but after the tool returns, processToolCalls checks only a middleware abort (:920), not the
// caller's, and flushes the tool-calls turn's deferred RUN_FINISHED (:945) and the tool's
// TOOL_CALL_RESULT (:946-947): events after the abort, and a result after the terminal event.
// The tool ignores the abort as many tools do (it returns once the signal fired), so the run's
// own loop is what must stop.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-abort-during-tool.mjs
// Prints the event types before and after the abort and the model calls made; exits 1 while events
// come after the abort (0 once nothing, or one terminal, follows it).
import { createServer } from 'node:http'
import { chat } from '@tanstack/ai'
import { createOpenaiChatCompletions } from '@tanstack/ai-openai'

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'gpt-4o',
  choices: [{ index: 0, delta, finish_reason: finish }] })
const turn1 = [chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }), chunk({}, 'tool_calls')]
const turn2 = [chunk({ role: 'assistant', content: 'Sunny in Paris.' }), chunk({}, 'stop')]
let modelCalls = 0
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (d) => { body += d })
  req.on('end', () => {
    modelCalls += 1
    const second = JSON.parse(body).messages.some((m) => m.role === 'tool')
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end([...(second ? turn2 : turn1)].map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
  })
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const adapter = createOpenaiChatCompletions('gpt-4o', 'sk-x', {
  baseURL: `http://127.0.0.1:${server.address().port}/v1`, maxRetries: 0 })
const controller = new AbortController()
// The tool aborts the caller's controller while it runs (the caller's abort during the tool), then
// returns its result once the signal fired.
const execute = async () => {
  controller.abort()
  await new Promise((ok) => (controller.signal.aborted ? ok() : controller.signal.addEventListener('abort', ok)))
  return { sky: 'sunny' }
}
const tools = [{ name: 'get_weather', description: 'Weather', execute,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]
const before = []
const after = []
for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools,
  abortController: controller })) {
  ;(controller.signal.aborted ? after : before).push(c.type)
}
server.close()
console.log(`before the abort: ${before.join(' ')}`)
console.log(`after the abort:  ${after.join(' ') || '(nothing)'}`)
console.log(`model calls: ${modelCalls}`)
const terminal = ['RUN_FINISHED', 'RUN_ERROR']
process.exit(after.length === 0 || (after.length === 1 && terminal.includes(after[0])) ? 0 : 1)
