// Reproducer (outside the suite) of a defect pinned in tests/data/ai-sdk7-openai-chat.verdicts.json
// (quirks.tool-late-id.001, ERROR): ai 7.0.173 + @ai-sdk/openai 4.0.118's Chat Completions model
// (openai.chat, the factory its docs name for OpenAI-compatible endpoints, docs/03-openai.mdx:2661).
// Some OpenAI-compatible servers open a call with `{index, type, function: {arguments: ''}}` and send its
// id and name in the next delta (OpenAI's SDK types make both optional in every delta). The chat model's
// StreamingToolCallTracker (@ai-sdk/provider-utils 5.0.81, the provider's copy, dist/index.js:4919) throws
// "Expected 'function.name' to be a string." on the first delta, and ai 7's toUIMessageStream errors with it
// (dist/index.js:8002): no tool call, no `error` chunk. @ai-sdk/openai-compatible 3 buffers the call until
// its name arrives and hands it over.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-openai-chat-late-tool-name.mjs
// Prints what happened; exits 1 while the defect is present (0 once get_weather({"city":"Oslo"}) arrives).
import { createServer } from 'node:http'
import { createOpenAI } from '@ai-sdk/openai'
import { jsonSchema, streamText, tool } from 'ai7'

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
const model = createOpenAI({ baseURL, apiKey: 'x' }).chat('mock-vllm')
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
