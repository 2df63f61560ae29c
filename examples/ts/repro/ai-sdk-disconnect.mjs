// Reproducer (outside the suite) of an AI SDK defect pinned in tests/data/ai-sdk-openai-compatible.verdicts.json
// (fault.disconnect.001/.002, row 8.1.17): when the provider's connection drops mid-stream,
// `streamText(...).toUIMessageStream()` errors the stream itself instead of sending an `error` chunk.
// ai 6.0.326 dist/index.mjs:9048: toUIMessageStream's trackFatalFailures catches the read error,
// records the outcome and calls controller.error(error) (the fullStream errored at :6976,
// createStitchableStream). The same package's createUIMessageStream turns an errored merged stream
// into an `error` chunk (:9578-9579); over HTTP (toUIMessageStreamResponse) the response is instead
// cut off with no terminal chunk, and the client never gets the error's text.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk-disconnect.mjs
// (examples/ts/repro/ai-sdk7-disconnect.mjs runs the same code on ai 7.0.173.)
// Prints what the stream ended with; exits 1 when the defect is present (0 once an `error` chunk ends it).
import { createServer } from 'node:http'

const PKG = globalThis.SAC_REPRO ?? { ai: 'ai', provider: '@ai-sdk/openai-compatible' }
const { streamText } = await import(PKG.ai)
const providerModule = await import(PKG.provider)

const chunk = (delta) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0,
  model: 'mock', choices: [{ index: 0, delta, finish_reason: null }] })
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(`data: ${chunk({ role: 'assistant', content: 'Rivers carry water' })}\n\n`)
  setImmediate(() => res.socket.destroy()) // the connection drops: no finish_reason, no [DONE]
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
// PKG.model(providerModule, baseURL) builds another provider's chat model over the same server.
const baseURL = `http://127.0.0.1:${server.address().port}/v1`
const model = PKG.model ? PKG.model(providerModule, baseURL)
  : providerModule.createOpenAICompatible({ name: 'mock', baseURL }).chatModel('mock')
const result = streamText({ model, messages: [{ role: 'user', content: 'Hi' }], maxRetries: 0 })
let last = null
let thrown = null
try {
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) last = c
} catch (e) {
  thrown = e
}
server.close()
if (thrown) {
  console.log(`the UI message stream threw ${thrown.name}: ${thrown.message} (last chunk ${JSON.stringify(last)})`)
  process.exit(1)
}
console.log(`the UI message stream ended with ${JSON.stringify(last)}`)
process.exit(last?.type === 'error' || (last?.type === 'finish' && last.finishReason === 'error') ? 0 : 1)
