// @ai-sdk/huggingface 2.0.48 (dist/index.js:144-149, :161-163): converting the prompt to Responses input, an
// assistant message's tool-call parts are skipped (`case "tool-call": break`) and a tool message is dropped with an
// 'unsupported' warning, so a history with a finished tool round reaches the model as the user's question alone: the
// model never learns it called the tool, nor what the tool answered, and asks for it again.
// Pinned in tests/data/ai-sdk7-huggingface.verdicts.json (request.tool-history.001, row request.tool-history).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-huggingface-tool-history.mjs
// Exits 1 while the defect is present (0 once the request carries a function_call and its function_call_output).
import { createServer } from 'node:http'
import { completed, created } from './ai-sdk7-huggingface-replay.mjs'

const { streamText } = await import('ai7')
const { createHuggingFace } = await import('@ai-sdk/huggingface')

let body = null
const server = createServer((req, res) => {
  let raw = ''
  req.on('data', (d) => { raw += d })
  req.on('end', () => {
    body = JSON.parse(raw)
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const e of [created, completed]) res.write(`data: ${JSON.stringify(e)}\n\n`)
    res.end()
  })
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const model = createHuggingFace({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })('m')
const result = streamText({ model, maxRetries: 0, messages: [
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather',
    output: { type: 'json', value: { tempC: 18 } } }] },
] })
for await (const _ of result.fullStream) { /* drain */ }
server.close()
const types = (body?.input ?? []).map((i) => i.type ?? i.role)
console.log(`Responses input items sent: ${JSON.stringify(types)}`)
process.exit(types.includes('function_call') && types.includes('function_call_output') ? 0 : 1)
