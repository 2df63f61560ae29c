// Reproducer base (outside the suite): a caller's JSON schema (`Output.object`) that never reaches a Chat
// Completions server. A client of @ai-sdk/openai-compatible for a model it says has no structured outputs sends
// `response_format: {type: 'json_object'}` and puts the schema nowhere else, not in response_format, not in a
// system message, with an 'unsupported' warning the caller may read (@ai-sdk/openai-compatible 3.0.53
// dist/index.js:549-556 and :589; 2.0.76 :502-508 and :542): the model is never told the shape the app then
// validates. The wrappers (ai-sdk7-togetherai-schema-unsent.mjs, ai-sdk6-vercel-schema-unsent.mjs) name the
// package and the model through globalThis.SAC_REPRO; the rows are pinned in their tests/data/*.verdicts.json
// (structured.native.001, row structured.native).
// Exits 1 while the defect is present (the schema is nowhere in the request), 0 once it reaches the request.
import { createServer } from 'node:http'

const PKG = globalThis.SAC_REPRO
const { streamText, Output, jsonSchema } = await import(PKG.ai)
const providerModule = await import(PKG.provider)

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
const model = PKG.model(providerModule, `http://127.0.0.1:${server.address().port}/v1`)
const schema = { type: 'object', properties: { title: { type: 'string' }, year: { type: 'integer' } },
  required: ['title', 'year'], additionalProperties: false }
const result = streamText({ model, prompt: 'Which novel starts on Arrakis?', maxRetries: 0,
  output: Output.object({ schema: jsonSchema(schema) }) })
await result.consumeStream()
const warnings = (await result.warnings) ?? []
server.close()
const body = bodies.at(-1)
const schemaSent = JSON.stringify(body).includes('"year"')
console.log(`${PKG.provider} ${model.modelId}: response_format ${JSON.stringify(body.response_format)}, ` +
  `schema sent ${schemaSent}, warnings ${JSON.stringify(warnings)}`)
process.exit(schemaSent ? 0 : 1)
