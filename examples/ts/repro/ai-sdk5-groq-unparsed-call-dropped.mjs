// Reproducer (outside the suite) of an @ai-sdk/groq 2.0.56 defect (ai 5's own provider generation, npm alias
// ai5-groq) pinned in tests/data/ai-sdk5-groq.verdicts.json (tool.empty-input.001, row 8.1.12,
// D-unparsed-call-dropped): a call to a tool without parameters sent whole in one delta with `arguments: ''`.
// doStream finishes a call only when its arguments parse as JSON (dist/index.mjs:604, :632), and flush() closes
// reasoning and text only (:648-659), never a call still pending, so the call gets `tool-input-start` and nothing
// else: no tool-input-available, nothing to run, and the step still finishes 'tool-calls'. @ai-sdk/groq 3.0.71's
// flush finishes every pending call (ai6-groq dist/index.mjs:704-718) and hands this one over with input {}.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-groq-unparsed-call-dropped.mjs
// Prints the tool chunks; exits 1 while the defect is present (0 once list_files is handed over).
import { createServer } from 'node:http'
import { streamText, tool, jsonSchema } from 'ai5'
import { createGroq } from 'ai5-groq'

const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0,
  model: 'qwen/qwen3-32b', choices: [{ index: 0, delta, finish_reason: finish }] })
const body = [chunk({ role: 'assistant' }),
  chunk({ tool_calls: [{ index: 0, id: 'call_noarg', type: 'function',
    function: { name: 'list_files', arguments: '' } }] }),
  chunk({}, 'tool_calls')]
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const model = createGroq({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'x' })('qwen/qwen3-32b')
const tools = { list_files: tool({ description: 'List the files', inputSchema: jsonSchema({ type: 'object', properties: {} }) }) }
const result = streamText({ model, messages: [{ role: 'user', content: 'List the files' }], tools, maxRetries: 0 })
let available = false
for await (const c of result.toUIMessageStream()) {
  if (c.type.startsWith('tool-') || c.type === 'finish-step' || c.type === 'finish') console.log(JSON.stringify(c))
  if (c.type === 'tool-input-available' && c.toolName === 'list_files') available = true
}
server.close()
process.exit(available ? 0 : 1)
