// Reproducer (outside the suite) of D-late-tool-name in @ai-sdk/openai-compatible 1.0.61 (ai 5's own provider
// generation, npm alias ai5-openai-compatible) under ai 5.0.277, pinned in
// tests/data/ai-sdk5-openai-compatible.verdicts.json (quirks.tool-late-id.001, ERROR). Some OpenAI-compatible servers
// open a call with `{index, type, function: {arguments: ''}}` and send its id and name in the next delta (OpenAI's SDK
// types make both optional in every delta). The provider's own @ai-sdk/provider-utils 3.0.44 StreamingToolCallTracker
// throws "Expected 'function.name' to be a string." on the first delta (dist/index.mjs:3170-3175), and ai 5's
// toUIMessageStream errors with it (dist/index.mjs:5974): no tool call, no `error` chunk. @ai-sdk/openai-compatible 2
// and 3 buffer the call until its name arrives and hand it over.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-compatible-late-tool-name.mjs
// Prints what happened; exits 1 while the defect is present (0 once get_weather({"city":"Oslo"}) arrives).
import { createServer } from 'node:http'
import { createOpenAICompatible } from 'ai5-openai-compatible'
import { jsonSchema, streamText, tool } from 'ai5'

const chunk = (delta, finish = null) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0,
  model: 'mock-vllm', choices: [{ index: 0, delta, finish_reason: finish }] })
const call = (fields) => chunk({ tool_calls: [{ index: 0, ...fields }] })
const body = [chunk({ role: 'assistant', content: '' }),
  call({ type: 'function', function: { arguments: '' } }),
  call({ id: 'call_late', function: { name: 'get_weather', arguments: '{"city":' } }),
  call({ function: { arguments: '"Oslo"}' } }), chunk({}, 'tool_calls')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${c}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const baseURL = `http://127.0.0.1:${server.address().port}/v1`
const model = createOpenAICompatible({ name: 'mock', baseURL }).chatModel('mock-vllm')
const tools = { get_weather: tool({ description: 'Current weather for a city',
  inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }) }) }
const result = streamText({ model, messages: [{ role: 'user', content: 'Weather in Oslo?' }], tools, maxRetries: 0 })
let input = null
try {
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
    if (c.type === 'tool-input-available') input = c.input
  }
} catch (e) {
  console.log(`the UI message stream threw ${e.name}: ${e.message}`)
}
server.close()
console.log(`get_weather input: ${JSON.stringify(input)}`)
process.exit(input?.city === 'Oslo' ? 0 : 1)
