// Reproducer (outside the suite) of an AI SDK defect pinned in tests/data/ai-sdk-openai-compatible.verdicts.json
// (quirks.tool-index-reused.002, row robust.invented-input, graded on robustness: the input breaks the index
// contract). Two Chat Completions calls both say `index: 0` (as Ollama sends them): a no-argument call, then
// file_write whose arguments stream in later deltas that carry the index only. @ai-sdk/provider-utils 4.0.65
// src/streaming-tool-call-tracker.ts:128 drops every such continuation: index 0 now names two calls, so
// resolveToolCall answers 'ambiguous' (:283-286). The call is then handed to the client as complete,
// `tool-input-available{input: {}}`: file_write({}) is run, arguments the model never sent.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk-reused-tool-index.mjs
// (examples/ts/repro/ai-sdk7-reused-tool-index.mjs runs the same code on ai 7.0.173.)
// Prints the call chunks; exits 1 while the defect is present (0 once file_write gets {"path":"world.py"}).
import { createServer } from 'node:http'

const PKG = globalThis.SAC_REPRO ?? { ai: 'ai', provider: '@ai-sdk/openai-compatible' }
const { streamText, tool, jsonSchema } = await import(PKG.ai)
const providerModule = await import(PKG.provider)

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'qwen',
  choices: [{ index: 0, delta, finish_reason: finish }] })
const start = (id, name) => chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] })
const args = (text) => chunk({ tool_calls: [{ index: 0, function: { arguments: text } }] })
const body = [chunk({ role: 'assistant' }), start('call_l1', 'list_files'), start('call_w2', 'file_write'),
  args('{"path":'), args('"world.py"}'), chunk({}, 'tool_calls')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
// PKG.model(providerModule, baseURL) builds another provider's chat model over the same server.
const baseURL = `http://127.0.0.1:${server.address().port}/v1`
const model = PKG.model ? PKG.model(providerModule, baseURL)
  : providerModule.createOpenAICompatible({ name: 'mock', baseURL }).chatModel('qwen')
const tools = {
  list_files: tool({ description: 'List the files', inputSchema: jsonSchema({ type: 'object', properties: {} }) }),
  file_write: tool({ description: 'Write a file',
    inputSchema: jsonSchema({ type: 'object', properties: { path: { type: 'string' } } }) }),
}
const result = streamText({ model, messages: [{ role: 'user', content: 'List, then write world.py' }], tools,
  maxRetries: 0 })
let written = null
for await (const c of result.toUIMessageStream()) {
  if (c.type.startsWith('tool-input-') && c.type !== 'tool-input-delta') console.log(JSON.stringify(c))
  if (c.type === 'tool-input-available' && c.toolName === 'file_write') written = c.input
}
server.close()
process.exit(written?.path === 'world.py' ? 0 : 1)
