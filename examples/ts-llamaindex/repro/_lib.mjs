// Shared by the ai-sdk7-llamaindex reproducers (outside the suite): a one-route server on 127.0.0.1 that answers
// POST /v1/chat/completions as `serve(req, res)` says, and the route the AI SDK documents for @ai-sdk/llamaindex
// 3.0.111: a LlamaIndex SimpleChatEngine (llamaindex 0.12.1) over @llamaindex/openai 0.4.22's OpenAI LLM pointed at
// that server, its chat({message, stream: true}) stream turned into ai 7.0.111's UI message stream by
// toUIMessageStream and answered with createUIMessageStreamResponse (ai's migration guide, "LlamaIndex Adapter
// Moved to @ai-sdk/llamaindex").
// Run any of them with: npm ci --prefix examples/ts-llamaindex && node examples/ts-llamaindex/repro/<file>.mjs
import { createServer } from 'node:http'
import { toUIMessageStream } from '@ai-sdk/llamaindex'
import { OpenAI } from '@llamaindex/openai'
import { createUIMessageStreamResponse } from 'ai'
import { SimpleChatEngine } from 'llamaindex'

/** One Chat Completions chunk (choice 0) as an SSE data line's JSON. */
export const chunk = (delta, finish = null) => JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk',
  created: 1700000000, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })

/** Start a server whose every POST /v1/chat/completions is answered by `serve(req, res)`; returns it with its URL. */
export async function startServer(serve) {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => serve(req, res))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { server, baseURL: `http://127.0.0.1:${server.address().port}/v1` }
}

/** The documented route's Response for one user message (maxRetries 0: a refused call is not retried). */
export async function route(baseURL, message = 'Hi') {
  const llm = new OpenAI({ model: 'gpt-4o', apiKey: 'sk-x', baseURL, maxRetries: 0 })
  const chatEngine = new SimpleChatEngine({ llm })
  const stream = await chatEngine.chat({ message, stream: true })
  return createUIMessageStreamResponse({ stream: toUIMessageStream(stream) })
}

/** The chunks of a UI message stream Response's SSE body, as the browser's transport parses them. */
export function parseSse(text) {
  return text.split('\n\n').map((f) => f.replace(/^data: /, '')).filter((d) => d && d !== '[DONE]').map((d) => JSON.parse(d))
}
