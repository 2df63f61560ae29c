// Shared by the tanstack-anthropic-*.mjs reproducers (tests/data/tanstack-ai-anthropic.verdicts.json): a
// local server that answers `POST /v1/messages` with the given Messages stream events, and TanStack AI's
// chat() over @tanstack/ai-anthropic 0.18.11's text adapter (createAnthropicChat, @anthropic-ai/sdk 0.97.1)
// pointed at it.
import { createServer } from 'node:http'
import { chat, maxIterations } from '@tanstack/ai'
import { createAnthropicChat } from '@tanstack/ai-anthropic'

/** The chunks chat() yields for one request answered with the Messages stream `events`. */
export async function runAnthropic(events, { tools = [] } = {}) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  const adapter = createAnthropicChat('claude-sonnet-4-5', 'x', {
    baseURL: `http://127.0.0.1:${server.address().port}`, maxRetries: 0 })
  const out = []
  try {
    for await (const c of chat({ adapter, messages: [{ role: 'user', content: 'Hi' }], tools,
      agentLoopStrategy: maxIterations(1) })) out.push(c)
  } finally {
    server.close()
  }
  return out
}

/** message_start with the prompt's usage (input_tokens is required there). */
export const start = (inputTokens = 25) => ({ type: 'message_start', message: { id: 'msg_1', type: 'message',
  role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null,
  usage: { input_tokens: inputTokens, output_tokens: 1 } } })
export const textBlock = (index, ...deltas) => [
  { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
  ...deltas.map((text) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })),
  { type: 'content_block_stop', index }]
export const thinkingBlock = (index, thinking) => [
  { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } },
  { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } },
  { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: 'sig' } },
  { type: 'content_block_stop', index }]
export const toolStart = (index, id) => ({ type: 'content_block_start', index,
  content_block: { type: 'tool_use', id, name: 'get_weather', input: {} } })
export const toolArgs = (index, partial_json) => ({ type: 'content_block_delta', index,
  delta: { type: 'input_json_delta', partial_json } })
/** message_delta (usage carries output_tokens only, as Anthropic's streaming docs show) + message_stop. */
export const end = (stopReason, outputTokens = 7) => [
  { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } },
  { type: 'message_stop' }]
export const weatherTool = [{ name: 'get_weather', description: 'weather', inputSchema: { type: 'object',
  properties: { city: { type: 'string' } } } }]
export const types = (events) => events.map((e) => e.type).join(' ')
export const finished = (events) => events.find((e) => e.type === 'RUN_FINISHED')
/** A RUN_FINISHED's finish reason: chat() moves it into metadata.tanstack. */
export const reason = (e) => e?.finishReason ?? e?.metadata?.tanstack?.finishReason
