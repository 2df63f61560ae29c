// Shared by the VoltAgent reproducers (outside the suite): a one-route server on 127.0.0.1 that answers every
// request with canned SSE (or cuts the connection), and a VoltAgent Agent (@voltagent/core 2.10.0) pointed at it,
// on @ai-sdk/openai 3.0.141's chat model (Chat Completions chunks, the default), on @ai-sdk/anthropic 3.0.140's
// Messages model (`wire: 'messages'`: Messages events), on @ai-sdk/google 3.0.141's Gemini model (`wire: 'gemini'`:
// GenerateContentResponse chunks of streamGenerateContent?alt=sse), on @ai-sdk/mistral 3.0.69's chat model
// (`wire: 'mistral'`: Chat Completions chunks, as Mistral streams them), on @ai-sdk/deepseek 2.0.69's chat model
// (`wire: 'deepseek'`: Chat Completions chunks, as DeepSeek streams them), on @ai-sdk/xai 3.0.138's default (chat)
// model (`wire: 'xai'`: Chat Completions chunks, as xAI streams them), on @ai-sdk/cerebras 2.0.82's chat model
// (`wire: 'cerebras'`: Chat Completions chunks), on @ai-sdk/togetherai 2.0.84's chat model (`wire: 'togetherai'`:
// Chat Completions chunks) or on @ai-sdk/fireworks 2.0.90's chat model (`wire: 'fireworks'`: Chat Completions
// chunks). The agent's stream is read as VoltAgent's documented route sends
// it: the result's own toUIMessageStream(), no options.
// Run any of them with: npm ci --prefix examples/ts-voltagent && node examples/ts-voltagent/repro/<file>.mjs
import { createServer } from 'node:http'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createCerebras } from '@ai-sdk/cerebras'
import { createDeepSeek } from '@ai-sdk/deepseek'
import { createFireworks } from '@ai-sdk/fireworks'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createMistral } from '@ai-sdk/mistral'
import { createOpenAI } from '@ai-sdk/openai'
import { createTogetherAI } from '@ai-sdk/togetherai'
import { createXai } from '@ai-sdk/xai'
import { jsonSchema } from 'ai'

// Outside NODE_ENV=production importing @voltagent/core fetches the models.dev catalogue (dist/index.mjs:4669).
process.env.NODE_ENV = 'production'
const { Agent, AgentRegistry, createTool } = await import('@voltagent/core')

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

/** One Gemini stream chunk (candidate 0) with these parts, and a finishReason when given (wire 'gemini'). */
export const candidate = (parts, finishReason) => ({ candidates: [{ content: { role: 'model', parts }, index: 0,
  ...(finishReason ? { finishReason } : {}) }] })

// One SSE frame per wire: Chat Completions sends data lines of chunk JSON, Messages named events of event objects,
// Gemini data lines of chunk objects.
const FRAME = {
  chat: (c) => `data: ${c}\n\n`,
  messages: (e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`,
  gemini: (c) => `data: ${JSON.stringify(c)}\n\n`,
  mistral: (c) => `data: ${c}\n\n`,
  deepseek: (c) => `data: ${c}\n\n`,
  xai: (c) => `data: ${c}\n\n`,
  cerebras: (c) => `data: ${c}\n\n`,
  togetherai: (c) => `data: ${c}\n\n`,
  fireworks: (c) => `data: ${c}\n\n`,
}
// Each model's base URL carries its API's version prefix (Gemini's is /v1beta).
const MODEL = {
  chat: (origin) => createOpenAI({ baseURL: `${origin}/v1`, apiKey: 'x' }).chat('mock'),
  messages: (origin) => createAnthropic({ baseURL: `${origin}/v1`, apiKey: 'sk-ant-x' })('claude-x'),
  gemini: (origin) => createGoogleGenerativeAI({ baseURL: `${origin}/v1beta`, apiKey: 'x' })('gemini-x'),
  mistral: (origin) => createMistral({ baseURL: `${origin}/v1`, apiKey: 'x' })('mistral-x'),
  deepseek: (origin) => createDeepSeek({ baseURL: `${origin}/v1`, apiKey: 'x' })('deepseek-chat'),
  xai: (origin) => createXai({ baseURL: `${origin}/v1`, apiKey: 'x' })('grok-4'),
  cerebras: (origin) => createCerebras({ baseURL: `${origin}/v1`, apiKey: 'x' })('gpt-oss-120b'),
  togetherai: (origin) => createTogetherAI({ baseURL: `${origin}/v1`, apiKey: 'x' })('openai/gpt-oss-120b'),
  fireworks: (origin) => createFireworks({ baseURL: `${origin}/v1`, apiKey: 'x' })('accounts/fireworks/models/kimi-k2p6'),
}

/**
 * Serve `turns` (one list of chunk JSON strings per model call; the last list repeats) and run the agent.
 * `wire` is 'chat', 'mistral', 'deepseek', 'xai', 'cerebras', 'togetherai' or 'fireworks' (a turn's items are chunk JSON strings), 'messages' (Messages event objects) or 'gemini'
 * (Gemini chunk objects); the last two end with no [DONE]. `cut: true` ends a turn's response by destroying the socket; `done: false` ends a Chat Completions
 * response cleanly without [DONE]. Returns {chunks, error, requests}: every UI chunk read, the stream's error if it errored,
 * and the request bodies the server received. `options` go to agent.streamText beside maxRetries 0 (an `output`).
 */
export async function run({ turns, tools = [], messages = [{ role: 'user', content: 'Hi' }], cut = false, done = true,
  wire = 'chat', options = {} }) {
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
      else res.end(done && ['chat', 'mistral', 'deepseek', 'xai', 'cerebras', 'togetherai', 'fireworks'].includes(wire) ? 'data: [DONE]\n\n' : '')
    })
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const model = MODEL[wire](`http://127.0.0.1:${server.address().port}`)
  const agent = new Agent({ name: 'Repro', instructions: 'Be brief.', model, tools, memory: false, logger: quiet })
  const chunks = []
  let error = null
  try {
    const result = await agent.streamText(messages, { maxRetries: 0, ...options })
    for await (const c of result.toUIMessageStream()) chunks.push(c)
  } catch (e) {
    error = e
  }
  server.close()
  return { chunks, error, requests }
}

/**
 * D-reused-index on a provider whose per-index code appends a delta to the call already at its index (or, through
 * provider-utils' shared tracker, drops it as ambiguous): two calls that both say index 0, the first without
 * arguments, served on `wire`. Prints the calls handed over and returns the exit code: 1 while list_files is handed
 * over with file_write's arguments or file_write is lost or without its arguments, 0 once each keeps its own.
 */
export async function reusedIndex(wire) {
  const call = (fields) => chunk({ tool_calls: [{ index: 0, ...fields }] })
  const params = jsonSchema({ type: 'object', properties: { path: { type: 'string' } } })
  const { chunks } = await run({ wire,
    turns: [[chunk({ role: 'assistant', content: '' }),
      call({ id: 'call_l1', type: 'function', function: { name: 'list_files', arguments: '' } }),
      call({ id: 'call_w2', type: 'function', function: { name: 'file_write', arguments: '' } }),
      call({ function: { arguments: '{"path":' } }), call({ function: { arguments: '"world.py"}' } }),
      chunk({}, 'tool_calls')]],
    tools: [createTool({ name: 'list_files', description: 'List the files', parameters: jsonSchema({ type: 'object', properties: {} }) }),
      createTool({ name: 'file_write', description: 'Write a file', parameters: params })],
  })
  const calls = chunks.filter((c) => c.type === 'tool-input-available')
  console.log(`calls handed over: ${calls.map((c) => `${c.toolCallId} ${c.toolName}: ${JSON.stringify(c.input)}`).join('; ')}`)
  const ok = calls.some((c) => c.toolName === 'file_write' && c.input?.path === 'world.py')
    && !calls.some((c) => c.toolName === 'list_files' && c.input?.path)
  return ok ? 0 : 1
}
