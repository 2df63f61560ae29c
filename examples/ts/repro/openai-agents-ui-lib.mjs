// Shared by the reproducers of the OpenAI Agents SDK + agents-extensions ai-sdk-ui defects pinned in
// tests/data/openai-agents-ui.verdicts.json (docs/findings-openai-agents-ui.md): a tiny OpenAI Responses
// server that answers each model call with a scripted list of SSE events, the agent run the harness makes
// (`run(agent, input, {stream: true})` on the default Responses model, `createAiSdkUiMessageStream`), and
// what `ai` 6.0.326's own reader, `readUIMessageStream`, shows for the chunks. No suite code is involved.
// The Chat Completions configuration (tests/data/openai-agents-ui-chat.verdicts.json) uses the same run with
// `{provider: {useResponses: false}}` against `serveChat`, a Chat Completions server; the AI SDK model configuration
// (tests/data/openai-agents-aisdk-anthropic.verdicts.json) runs it with `{model: aisdkAnthropic(baseURL)}` against
// `serveMessages`, an Anthropic Messages server; the Gemini one (tests/data/openai-agents-aisdk-google.verdicts.json)
// with `{model: aisdkGoogle(baseURL)}` against `serveGemini`, a Gemini API server.
import { createServer } from 'node:http'
import OpenAI from 'openai'
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents'
import { createAiSdkUiMessageStream } from '@openai/agents-extensions/ai-sdk-ui'
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { readUIMessageStream } from 'ai'

/** A Response object (openai 6.49.0 `Response`), `status` and `output` as given. */
export const response = (status, output = [], extra = {}) => ({
  id: 'resp_1', object: 'response', created_at: 0, status, model: 'gpt-4o', output,
  usage: { input_tokens: 5, output_tokens: 4, total_tokens: 9 }, ...extra,
})
export const message = (id, text, status = 'completed') => ({
  id, type: 'message', status, role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }],
})
export const functionCall = (id, callId, name, args) => ({
  id, type: 'function_call', status: 'completed', call_id: callId, name, arguments: args,
})

/** The SSE events of a completed response with these output items (text or refusal streamed as one delta each). */
export function completed(items, { terminal = 'response.completed', extra = {} } = {}) {
  const events = [{ type: 'response.created', response: response('in_progress') }]
  items.forEach((item, index) => {
    events.push({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress',
      ...(item.type === 'message' ? { content: [] } : {}) } })
    const part = item.type === 'message' ? item.content[0] : undefined
    if (part?.type === 'output_text') {
      events.push({ type: 'response.output_text.delta', item_id: item.id, output_index: index, content_index: 0,
        delta: part.text, logprobs: [] })
    } else if (part?.type === 'refusal') {
      events.push({ type: 'response.refusal.delta', item_id: item.id, output_index: index, content_index: 0,
        delta: part.refusal })
    }
    events.push({ type: 'response.output_item.done', output_index: index, item })
  })
  const status = terminal === 'response.incomplete' ? 'incomplete' : 'completed'
  events.push({ type: terminal, response: response(status, items, extra) })
  return events
}

/**
 * Serves model call n (0-based) with `turns[n]`: a list of events (sent, then the response ends), a
 * `{status, body}` HTTP error, or a function `(res) => void` that writes the answer itself.
 */
export async function serve(turns) {
  let n = 0
  const server = createServer((req, res) => {
    req.resume()
    const turn = turns[Math.min(n, turns.length - 1)]
    n += 1
    if (typeof turn === 'function') return turn(res)
    if (!Array.isArray(turn)) {
      res.writeHead(turn.status, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ error: { message: turn.body, type: 'error' } }))
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(turn.map((e, i) => `event: ${e.type}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`).join(''))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { baseURL: `http://127.0.0.1:${server.address().port}/v1`, calls: () => n, close: () => server.close() }
}

/** A Chat Completions stream chunk (openai 6.49.0 `ChatCompletionChunk`) with one choice. */
export const chatChunk = (delta, finishReason = null) => ({ id: 'chatcmpl-1', object: 'chat.completion.chunk',
  created: 0, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finishReason }] })

/** Serves model call n (0-based) with `turns[n]`, a list of Chat Completions chunks, then `data: [DONE]`. */
export async function serveChat(turns) {
  let n = 0
  const server = createServer((req, res) => {
    req.resume()
    const turn = turns[Math.min(n, turns.length - 1)]
    n += 1
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end([...turn.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'].join(''))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { baseURL: `http://127.0.0.1:${server.address().port}/v1`, calls: () => n, close: () => server.close() }
}

/** An Anthropic Messages `message_start` event (anthropic 2.14.0 `RawMessageStartEvent`). */
export const messageStart = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant',
  model: 'claude-x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 0 } } }

/** The Messages events of one text block `text` that ends with `stopReason` (a whole, well-formed stream). */
export const messagesText = (text, stopReason = 'end_turn') => [messageStart,
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 4 } },
  { type: 'message_stop' }]

/** Serves model call n (0-based) with `turns[n]`, a list of Anthropic Messages SSE events (`POST /v1/messages`). */
export async function serveMessages(turns) {
  let n = 0
  const server = createServer((req, res) => {
    req.resume()
    const turn = turns[Math.min(n, turns.length - 1)]
    n += 1
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(turn.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { baseURL: `http://127.0.0.1:${server.address().port}/v1`, calls: () => n, close: () => server.close() }
}

/** The agent model of openai-agents-aisdk-anthropic.mjs: `aisdk()` around @ai-sdk/anthropic's Messages model. */
export const aisdkAnthropic = (baseURL) => aisdk(createAnthropic({ baseURL, apiKey: 'sk-ant-x' })('claude-x'))

/** A Gemini API stream chunk (GenerateContentResponse) with one candidate holding `parts`. */
export const geminiChunk = (parts, finishReason) => ({ candidates: [{ content: { role: 'model', parts }, index: 0,
  ...(finishReason ? { finishReason } : {}) }],
...(finishReason ? { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 4, totalTokenCount: 9 } } : {}) })

/**
 * Serves model call n (0-based) of `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse` with `turns[n]`, a list
 * of Gemini chunks sent as SSE, or a `{status, body}` HTTP error; `check(request)` may answer a request with such an
 * error instead (what the Gemini API refuses). `requests()` gives the parsed request bodies.
 */
export async function serveGemini(turns, check = () => null) {
  const requests = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => { body += d })
    req.on('end', () => {
      const request = JSON.parse(body)
      const turn = check(request) ?? turns[Math.min(requests.length, turns.length - 1)]
      requests.push(request)
      if (!Array.isArray(turn)) {
        res.writeHead(turn.status, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ error: { code: turn.status, message: turn.body, status: 'INVALID_ARGUMENT' } }))
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end(turn.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join(''))
    })
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { baseURL: `http://127.0.0.1:${server.address().port}/v1beta`, requests: () => requests,
    close: () => server.close() }
}

/** The agent model of openai-agents-aisdk-google.mjs: `aisdk()` around @ai-sdk/google's Gemini API model. */
export const aisdkGoogle = (baseURL) => aisdk(createGoogleGenerativeAI({ baseURL, apiKey: 'x' })('gemini-x'))

/** A function tool that returns `result` (or throws `error`), as the harness's server tools do. */
export const scriptedTool = (name, { result, error } = {}) => tool({
  name, description: name, strict: false,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async () => {
    if (error) throw new Error(error)
    return result
  },
})

/** The harness's run: `run(agent, input, {stream: true})` on the default Responses model at `baseURL`
 * (`provider: {useResponses: false}`: on the Chat Completions model, as openai-agents-ui-chat.mjs runs it;
 * `model`: the agent's own model, e.g. `aisdkAnthropic(baseURL)`, as openai-agents-aisdk-anthropic.mjs runs it). */
export function startRun(baseURL, { tools = [], signal, provider = {}, model = 'gpt-4o' } = {}) {
  const client = new OpenAI({ apiKey: 'sk-x', baseURL, maxRetries: 0 })
  const runner = new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client, ...provider }),
    tracingDisabled: true })
  const agent = new Agent({ name: 'Assistant', model, tools })
  return runner.run(agent, [{ role: 'user', content: 'Hi' }], { stream: true, signal })
}

/**
 * Runs the agent against `baseURL` and collects the UI message stream's chunks; `readUIMessageStream`
 * (ai 6.0.326) reads the same chunks. Returns {chunks, thrown (the stream's error), message (the last
 * UIMessage the reader yielded), readerThrew, readerError (what the reader passed to its onError)}.
 */
export async function runUi(baseURL, { tools = [], signal, onChunk, provider, model } = {}) {
  const chunks = []
  let thrown = null
  try {
    const result = await startRun(baseURL, { tools, signal, provider, model })
    for await (const c of createAiSdkUiMessageStream(result)) {
      chunks.push(c)
      onChunk?.(c)
    }
  } catch (e) {
    thrown = e
  }
  let message = null
  let readerThrew = null
  let readerError = null
  const replay = new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c)
      if (thrown) controller.error(thrown)
      else controller.close()
    },
  })
  try {
    for await (const m of readUIMessageStream({ stream: replay, onError: (e) => { readerError = e } })) message = m
  } catch (e) {
    readerThrew = e
  }
  return { chunks, thrown, message, readerThrew, readerError }
}

/** One line per UIMessage part, as the UI shows it (step-start parts left out). */
export const shown = (message) => (message?.parts ?? []).filter((p) => p.type !== 'step-start').map((p) =>
  p.type === 'text' ? `text ${JSON.stringify(p.text)} (${p.state})`
    : p.type === 'reasoning' ? `reasoning ${JSON.stringify(p.text)}`
      : `${p.type} ${p.toolCallId} ${p.state} input=${JSON.stringify(p.input)}` +
        (p.output !== undefined ? ` output=${JSON.stringify(p.output)}` : '') +
        (p.errorText !== undefined ? ` errorText=${JSON.stringify(p.errorText)}` : ''))
