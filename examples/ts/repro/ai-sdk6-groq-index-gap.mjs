// Reproducer (outside the suite) of an @ai-sdk/groq 3.0.71 defect (ai 6's own provider generation, npm alias
// ai6-groq) pinned in tests/data/ai-sdk6-groq.verdicts.json (quirks.tool-index-gap.001, an ERROR): two parallel
// calls numbered `index` 0 and 2 (OpenAI's ChoiceDeltaToolCall.index is an int; nothing promises contiguity).
// doStream stores each call at toolCalls[index] (dist/index.mjs:634-681), leaving a hole at 1; flush()'s
// `for (const toolCall of toolCalls)` yields undefined for the hole and `toolCall.hasFinished` throws a TypeError
// (:704-705) after the first call was handed over: the stream errors, the second call is lost and no finish comes
// (ai 6's UI message stream errors with it, ai 6.0.326 dist/index.mjs:9050). @ai-sdk/groq 4.0.84 hands over both.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-groq-index-gap.mjs
// Exits 1 while the defect is present (0 once both calls reach the UI and the stream finishes).
import { createServer } from 'node:http'
import { jsonSchema, streamText, tool } from 'ai'
import { createGroq } from 'ai6-groq'

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'qwen',
  choices: [{ index: 0, delta, finish_reason: finish }] })
const call = (index, id, name, args) => chunk({ tool_calls: [{ index, id, type: 'function',
  function: { name, arguments: args } }] })
const body = [chunk({ role: 'assistant' }), call(0, 'call_g0', 'get_weather', '{"city":"Oslo"}'),
  call(2, 'call_g2', 'get_time', '{"city":"Tokyo"}'), chunk({}, 'tool_calls')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const groq = createGroq({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'gsk-x' })
const city = jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })
const tools = { get_weather: tool({ description: 'Weather', inputSchema: city }),
  get_time: tool({ description: 'Local time', inputSchema: city }) }
const result = streamText({ model: groq('qwen/qwen3-32b'), prompt: 'Weather in Oslo and the time in Tokyo?', tools,
  maxRetries: 0 })
const calls = []
let finished = false
try {
  for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
    if (c.type === 'tool-input-available') calls.push(c.toolName)
    if (c.type === 'finish') finished = true
  }
} catch (e) {
  console.log(`the UI message stream threw ${e.name}: ${e.message}`)
}
server.close()
console.log(`calls handed over: ${JSON.stringify(calls)}; finished: ${finished}`)
process.exit(calls.length === 2 && finished ? 0 : 1)
