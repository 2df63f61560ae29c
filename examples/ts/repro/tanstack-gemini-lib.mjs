// Shared by the tanstack-gemini-*.mjs reproducers (tests/data/tanstack-ai-gemini.verdicts.json): a
// local server that answers `streamGenerateContent?alt=sse` with the given Gemini chunks (or an HTTP
// error), and TanStack AI's chat() over @tanstack/ai-gemini 0.32.0's text adapter (createGeminiChat: geminiText
// with the key given) pointed at it.
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { createGeminiChat } from '@tanstack/ai-gemini'

/** The chunks chat() yields for one request answered with `chunks` (or `{status, body}`). */
export async function runGemini(chunks, { status = 200, tools = [] } = {}) {
  const server = createServer((req, res) => {
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { code: status, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } }))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join(''))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const adapter = createGeminiChat('gemini-2.5-flash', 'x', { baseURL: `http://127.0.0.1:${server.address().port}` })
  const events = []
  try {
    for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Hi' }], tools,
      agentLoopStrategy: maxIterations(1) })) events.push(c)
  } finally {
    server.close()
  }
  return events
}

/** One Gemini stream chunk: `parts` of the model's content, and the finish fields when given. */
export const chunk = (parts, finish = {}) => ({ candidates: [{ content: { role: 'model', parts }, index: 0,
  ...finish.finishReason ? { finishReason: finish.finishReason } : {} }], modelVersion: 'gemini-2.5-flash',
  ...finish.usageMetadata ? { usageMetadata: finish.usageMetadata } : {} })

export const usage = { promptTokenCount: 5, candidatesTokenCount: 4, totalTokenCount: 9 }
export const weatherTool = [{ name: 'get_weather', description: 'weather', inputSchema: { type: 'object',
  properties: { city: { type: 'string' } } } }]
