// Reproducer (outside the suite) of D-trim-start, found while pinning tests/data/ai-sdk7-llamaindex.verdicts.json.
// @ai-sdk/llamaindex 3.0.111's toUIMessageStream trims the start of the answer (trimStartOfStream, dist/index.js:29,
// :50-59: every delta is trimStart()ed until one has something left), so the whitespace a model's answer begins with
// never reaches the client: an answer that is only whitespace becomes an empty text part, and an answer that opens
// with an indented line (a Markdown code block by indentation) loses its indentation, which changes what the
// Markdown renders.
// Run: npm ci --prefix examples/ts-llamaindex && node examples/ts-llamaindex/repro/ai-sdk7-llamaindex-trim-start.mjs
// Exits 1 while the defect is present (the client's text differs from the model's).
import { chunk, parseSse, route, startServer } from './_lib.mjs'

async function shown(deltas) {
  const { server, baseURL } = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end([chunk({ role: 'assistant', content: '' }), ...deltas.map((d) => chunk({ content: d })), chunk({}, 'stop')]
      .map((c) => `data: ${c}\n\n`).join('') + 'data: [DONE]\n\n')
  })
  try {
    const text = await (await route(baseURL)).text()
    return parseSse(text).filter((c) => c.type === 'text-delta').map((c) => c.delta).join('')
  } finally {
    server.close()
  }
}

let differs = false
for (const deltas of [['\n', '  '], ['    ', 'x = 1\n', 'That line is code.']]) {
  const model = deltas.join('')
  const client = await shown(deltas)
  differs ||= client !== model
  console.log(`model: ${JSON.stringify(model)} -> client: ${JSON.stringify(client)}`)
}
console.log(differs ? 'D-trim-start: the leading whitespace of the answer is dropped' : 'the answer reaches the client whole')
process.exit(differs ? 1 : 0)
