// Shared by ai-sdk7-mistral-empty-choices.mjs, ai-sdk6-mistral-empty-choices.mjs: the same defect's reproducer for each
// package generation. `reproduce({ ..., provider })` runs it with the caller's `ai` functions and a
// `provider(baseURL)` of the caller's package, and returns the exit code (1 while the defect is present).
import { createServer } from 'node:http'

export async function reproduce({ streamText, provider }) {
  const chunk = (delta, finish = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'mistral-x',
    choices: [{ index: 0, delta, finish_reason: finish }] })
  const empty = { id: '', object: '', created: 0, model: '', choices: [] } // Azure's content-filter chunk shape
  const body = [chunk({ role: 'assistant', content: 'Hello' }), empty, chunk({ content: ' there!' }), chunk({}, 'stop')]
  const server = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(body.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n')
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const model = provider(`http://127.0.0.1:${server.address().port}/v1`)
  const result = streamText({ model: model('mistral-x'), prompt: 'Hi', maxRetries: 0 })
  let text = ''
  let ended = 'finish'
  try {
    for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) {
      if (c.type === 'text-delta') text += c.delta
      if (c.type === 'error') ended = `error chunk: ${c.errorText}`
    }
  } catch (e) {
    ended = `the UI message stream threw ${e.name}: ${e.message}`
  }
  server.close()
  console.log(`text ${JSON.stringify(text)}; ${ended}`)
  return text === 'Hello there!' ? 0 : 1
}
