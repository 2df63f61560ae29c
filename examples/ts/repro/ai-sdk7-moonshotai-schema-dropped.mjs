// Reproducer (outside the suite) of an @ai-sdk/moonshotai 3.0.60 defect pinned in
// tests/data/ai-sdk7-moonshotai.verdicts.json (structured.native.001, row structured.native): for a model id
// outside the provider's hard-coded list (getModelStructuredOutputSupport, dist/index.js:1361-1363: ids
// starting 'kimi-k' and the moonshot-v1 ones), a caller's JSON schema (`Output.object`) is dropped: the
// request carries `response_format: {type: 'json_object'}` and the schema is nowhere in it, not in
// response_format, not in a system message (dist/index.js:1040-1051), and no warning says so (getArgs pushes
// none; @ai-sdk/openai-compatible warns 'JSON response format schema is only supported with
// structuredOutputs' in the same case). The model id type admits any string (`(string & {})`, dist/index.d.ts),
// e.g. a newer alias such as 'kimi-latest'. With 'kimi-k2.6' the same call sends json_schema, printed beside it.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-moonshotai-schema-dropped.mjs
// Exits 1 while the defect is present (0 once the schema reaches the request or a warning says it did not).
import { createServer } from 'node:http'
import { streamText, Output, jsonSchema } from 'ai7'
import { createMoonshotAI } from '@ai-sdk/moonshotai'

const bodies = []
const answer = { id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'm',
  choices: [{ index: 0, delta: { role: 'assistant', content: '{"title":"Dune","year":1965}' }, finish_reason: 'stop' }] }
const server = createServer((req, res) => {
  let raw = ''
  req.on('data', (d) => { raw += d })
  req.on('end', () => {
    bodies.push(JSON.parse(raw))
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(`data: ${JSON.stringify(answer)}\n\ndata: [DONE]\n\n`)
  })
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const moonshot = createMoonshotAI({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })
const schema = { type: 'object', properties: { title: { type: 'string' }, year: { type: 'integer' } },
  required: ['title', 'year'], additionalProperties: false }
async function ask(modelId) {
  const result = streamText({ model: moonshot(modelId), prompt: 'Which novel starts on Arrakis?', maxRetries: 0,
    output: Output.object({ schema: jsonSchema(schema) }) })
  await result.consumeStream()
  const body = bodies.at(-1)
  return { responseFormat: body.response_format,
    schemaSent: JSON.stringify(body).includes('"year"'), warnings: (await result.warnings) ?? [] }
}
const listed = await ask('kimi-k2.6')
const other = await ask('kimi-latest')
server.close()
console.log(`kimi-k2.6: response_format ${JSON.stringify(listed.responseFormat?.type)}, schema sent ${listed.schemaSent}`)
console.log(`kimi-latest: response_format ${JSON.stringify(other.responseFormat)}, schema sent ${other.schemaSent}, ` +
  `warnings ${JSON.stringify(other.warnings)}`)
process.exit(other.schemaSent || other.warnings.length > 0 ? 0 : 1)
