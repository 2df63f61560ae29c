// Shared by the VoltAgent reproducers (outside the suite): a one-route server on 127.0.0.1 that answers every
// request with canned SSE (or cuts the connection), and a VoltAgent Agent (@voltagent/core 2.10.0) pointed at it,
// on @ai-sdk/openai 3.0.141's chat model (Chat Completions chunks, the default) or on @ai-sdk/anthropic 3.0.140's
// Messages model (`wire: 'messages'`: Messages events). The agent's stream is read as VoltAgent's documented
// route sends it: the result's own toUIMessageStream(), no options.
// Run any of them with: npm ci --prefix examples/ts-voltagent && node examples/ts-voltagent/repro/<file>.mjs
import { createServer } from 'node:http'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'

// Outside NODE_ENV=production importing @voltagent/core fetches the models.dev catalogue (dist/index.mjs:4669).
process.env.NODE_ENV = 'production'
const { Agent, AgentRegistry } = await import('@voltagent/core')

// VoltAgent's logs are not the point here: silence them (its default console logger writes on every error).
const quiet = { child: () => quiet, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} }
AgentRegistry.getInstance().setGlobalLogger(quiet)

/** One Chat Completions chunk (choice 0) as an SSE data line's JSON. */
export const chunk = (delta, finish = null, extra = {}) => JSON.stringify({ id: 'chatcmpl-1',
  object: 'chat.completion.chunk', created: 0, model: 'mock', ...extra,
  choices: [{ index: 0, delta, finish_reason: finish }] })

/** A Messages stream's opening event (wire 'messages'). */
export const messageStart = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant',
  model: 'claude-x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } }

/** A Messages stream's closing events: message_delta with its stop_reason, then message_stop. */
export const messageEnd = (stop = 'end_turn') => [{ type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null },
  usage: { output_tokens: 3 } }, { type: 'message_stop' }]

// One SSE frame per wire: Chat Completions sends data lines of chunk JSON, Messages named events of event objects.
const FRAME = {
  chat: (c) => `data: ${c}\n\n`,
  messages: (e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`,
}
const MODEL = {
  chat: (baseURL) => createOpenAI({ baseURL, apiKey: 'x' }).chat('mock'),
  messages: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' })('claude-x'),
}

/**
 * Serve `turns` (one list of chunk JSON strings per model call; the last list repeats) and run the agent.
 * `wire` is 'chat' (a turn's items are chunk JSON strings) or 'messages' (Messages event objects, which end with
 * no [DONE]). `cut: true` ends a turn's response by destroying the socket; `done: false` ends a Chat Completions
 * response cleanly without [DONE]. Returns {chunks, error, requests}: every UI chunk read, the stream's error if it errored,
 * and the request bodies the server received.
 */
export async function run({ turns, tools = [], messages = [{ role: 'user', content: 'Hi' }], cut = false, done = true,
  wire = 'chat' }) {
  const requests = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => { body += d })
    req.on('end', () => {
      requests.push(JSON.parse(body))
      const turn = turns[Math.min(requests.length, turns.length) - 1]
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(turn.map(FRAME[wire]).join(''))
      if (cut) setTimeout(() => res.socket.destroy(), 20)
      else res.end(done && wire === 'chat' ? 'data: [DONE]\n\n' : '')
    })
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const model = MODEL[wire](`http://127.0.0.1:${server.address().port}/v1`)
  const agent = new Agent({ name: 'Repro', instructions: 'Be brief.', model, tools, memory: false, logger: quiet })
  const chunks = []
  let error = null
  try {
    const result = await agent.streamText(messages, { maxRetries: 0 })
    for await (const c of result.toUIMessageStream()) chunks.push(c)
  } catch (e) {
    error = e
  }
  server.close()
  return { chunks, error, requests }
}
