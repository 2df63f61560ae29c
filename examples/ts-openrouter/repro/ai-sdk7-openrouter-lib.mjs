// Shared by the ai-sdk7-openrouter reproducers (outside the suite): a one-route server on 127.0.0.1 that answers
// every POST /v1/chat/completions with canned SSE data lines, and ai 7.0.173's streamText over
// @openrouter/ai-sdk-provider 3.1.0 (createOpenRouter with its documented `baseURL` override) pointed at it.
// Every chunk of result.toUIMessageStream() (what useChat reads) is collected.
// Run any of them with: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/<file>.mjs
import { createServer } from 'node:http'
import { jsonSchema, streamText, tool } from 'ai'
import { createOpenRouter } from '@openrouter/ai-sdk-provider'

/** One Chat Completions chunk (choice 0) as OpenRouter streams it, as an SSE data line's JSON. */
export const chunk = (delta, finish = null) => JSON.stringify({ id: 'gen-1', object: 'chat.completion.chunk',
  created: 1700000000, model: 'openai/gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })

/** A tool call delta at `index` (id, name and type only on its first delta, as OpenAI-compatible servers send). */
export const call = (index, args, first = null) => ({ tool_calls: [{ index,
  ...(first ? { id: first.id, type: 'function', function: { name: first.name, arguments: args } }
    : { function: { arguments: args } }) }] })

/** Client tools (no execute) with any-object input, by name. */
export const clientTools = (...names) => Object.fromEntries(names.map((n) => [n,
  tool({ description: n, inputSchema: jsonSchema({ type: 'object', properties: {} }) })]))

/**
 * Serve `lines` (data-line JSON strings; `done` false leaves out the closing [DONE]) and run streamText once.
 * Returns {chunks, error}: every UI message stream chunk, and what iterating the stream threw (or null).
 */
export async function run({ lines, tools, done = true }) {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end(lines.map((c) => `data: ${c}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : ''))
    })
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const openrouter = createOpenRouter({ baseURL: `http://127.0.0.1:${server.address().port}/v1`, apiKey: 'sk-or-x' })
  const chunks = []
  let error = null
  try {
    const result = streamText({ model: openrouter('openai/gpt-4o'), prompt: 'Hi', tools, maxRetries: 0,
      onError: () => {} })
    for await (const c of result.toUIMessageStream({ onError: (e) => String(e?.message ?? e) })) chunks.push(c)
  } catch (e) {
    error = e
  } finally {
    server.close()
  }
  return { chunks, error }
}

/** The UI chunks of one type. */
export const ofType = (chunks, type) => chunks.filter((c) => c.type === type)
