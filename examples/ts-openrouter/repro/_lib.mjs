// Shared by the tanstack-ai-openrouter reproducers (outside the suite): a one-route server on 127.0.0.1 that
// answers every POST /v1/chat/completions with canned SSE data lines, and TanStack AI's chat() (@tanstack/ai
// 0.52.3) over @tanstack/ai-openrouter 0.19.6's createOpenRouterText (@openrouter/sdk 0.13.20 chat.send)
// pointed at it with the SDK's documented base URL override, `serverURL`.
// Run any of them with: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/<file>.mjs
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { createOpenRouterText } from '@tanstack/ai-openrouter'

/** One Chat Completions chunk (choice 0) as OpenRouter streams it, as an SSE data line's JSON. */
export const chunk = (delta, finish = null, extra = {}) => JSON.stringify({ id: 'gen-1',
  object: 'chat.completion.chunk', created: 1700000000, model: 'openai/gpt-4o', ...extra,
  choices: [{ index: 0, delta, finish_reason: finish }] })

/**
 * Serve `turns` (one list of data-line strings per model call: the second list answers a request that carries
 * a tool message) and run chat() to its end. `options` go to chat() (tools, abortController, ...); without
 * tools that run, one model call is the run. Returns {chunks, calls}: every chunk chat() yielded and the number
 * of model calls the server answered.
 */
export async function run({ turns, options = {} }) {
  let calls = 0
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => { body += d })
    req.on('end', () => {
      calls += 1
      const second = JSON.parse(body).messages.some((m) => m.role === 'tool')
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end(turns[second ? 1 : 0].map((c) => `data: ${c}\n\n`).join('') + 'data: [DONE]\n\n')
    })
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const adapter = createOpenRouterText('openai/gpt-4o', 'sk-or-x', {
    serverURL: `http://127.0.0.1:${server.address().port}/v1`, retryConfig: { strategy: 'none' } })
  const chunks = []
  try {
    for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Hi' }],
      debug: false, // TanStack's error log on stdout is not the point here
      ...(options.tools?.some((t) => t.execute) ? {} : { agentLoopStrategy: maxIterations(1) }), ...options })) {
      chunks.push(c)
    }
  } finally {
    server.close()
  }
  return { chunks, calls }
}
