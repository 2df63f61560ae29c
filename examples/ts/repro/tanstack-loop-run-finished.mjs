// Reproducer (outside the suite) of a TanStack AI defect pinned in the tanstack-ai-* verdicts
// (every loop.* case, rows 8.1.18 and the content rows a consumer loses after a terminal): when
// chat() runs a server tool (one with `execute`), it yields the first model call's RUN_FINISHED
// before the tool's TOOL_CALL_RESULT and the next model call's events, then a second terminal
// event: @tanstack/ai 0.58.0 dist/esm/activities/chat/index.js:945 flushes the deferred
// RUN_FINISHED of the tool-calls turn (deferred at :591/:595) before the results (:946-947). An
// AG-UI consumer stops at the first terminal event (@ag-ui/client verifyEvents rejects what follows).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-loop-run-finished.mjs
// Prints the event types; exits 1 while the defect is present (0 once one terminal ends the run).
import { createServer } from 'node:http'
import { chat } from '@tanstack/ai'
import { createOpenaiChatCompletions } from '@tanstack/ai-openai'

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'gpt-4o',
  choices: [{ index: 0, delta, finish_reason: finish }] })
const turn1 = [chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }), chunk({}, 'tool_calls')]
const turn2 = [chunk({ role: 'assistant', content: 'Sunny in Paris.' }), chunk({}, 'stop')]
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (d) => { body += d })
  req.on('end', () => {
    const second = JSON.parse(body).messages.some((m) => m.role === 'tool')
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end([...(second ? turn2 : turn1)].map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
  })
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const adapter = createOpenaiChatCompletions('gpt-4o', 'sk-x', {
  baseURL: `http://127.0.0.1:${server.address().port}/v1`, maxRetries: 0 })
const tools = [{ name: 'get_weather', description: 'Weather', execute: async () => ({ sky: 'sunny' }),
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]
const types = []
for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools })) {
  types.push(c.type)
}
server.close()
console.log(types.join(' '))
const terminals = types.filter((t) => t === 'RUN_FINISHED' || t === 'RUN_ERROR').length
process.exit(terminals === 1 && ['RUN_FINISHED', 'RUN_ERROR'].includes(types.at(-1)) ? 0 : 1)
