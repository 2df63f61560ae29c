// A small adapter written on the AI SDK's LanguageModelV3 interface: the model's stream parts in,
// the AI SDK UI message stream (ai 6 `UIMessageChunk`s) out. Replace it with yours.
import { toModelMessages } from 'stream-adapter-conformance-harness/convert'

/** The call options a V3 model's doStream takes: the caller's messages and tools as the model wants them. */
export function callOptions(request, abortSignal) {
  const prompt = toModelMessages(request.messages).map((m) => typeof m.content !== 'string' || m.role === 'system'
    ? m : { ...m, content: [{ type: 'text', text: m.content }] })
  const tools = request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description,
    inputSchema: t.input_schema ?? { type: 'object' } }))
  return { prompt, tools, abortSignal }
}

const REASONS = new Set(['stop', 'length', 'content-filter', 'tool-calls', 'error'])

/** UI message chunks for one model call's parts. */
export async function* toUIMessageStream(parts, messageId) {
  const inputs = new Map()  // tool call id -> input text so far; gone once the call is shown
  const pending = new Map()  // text / reasoning part id -> its start chunk until its first non-empty delta, then null
  const ends = new Map()  // open part id -> its end chunk
  function* call(id, toolName, text) {
    inputs.delete(id)
    let input
    try { input = JSON.parse(text || '{}') } catch {
      yield { type: 'tool-input-error', toolCallId: id, toolName, input: text, errorText: `Invalid input for tool ${toolName}` }
      return
    }
    yield { type: 'tool-input-available', toolCallId: id, toolName, input }
  }
  function* fail(error) {
    yield { type: 'error', errorText: error?.message ?? String(error) }
    yield { type: 'finish-step' }
    yield { type: 'finish', finishReason: 'error' }
  }
  yield { type: 'start', messageId }
  yield { type: 'start-step' }
  try {
    for await (const p of parts) {
      if (p.type === 'text-start' || p.type === 'reasoning-start') pending.set(p.id, { type: p.type, id: p.id })
      else if ((p.type === 'text-delta' || p.type === 'reasoning-delta') && p.delta) {
        if (pending.get(p.id)) { yield pending.get(p.id); pending.set(p.id, null); ends.set(p.id, p.type.replace('delta', 'end')) }
        yield { type: p.type, id: p.id, delta: p.delta }
      } else if (p.type === 'text-end' || p.type === 'reasoning-end') {
        if (ends.delete(p.id)) yield { type: p.type, id: p.id }
        pending.delete(p.id)
      } else if (p.type === 'tool-input-start') {
        inputs.set(p.id, { toolName: p.toolName, text: '' })
        yield { type: 'tool-input-start', toolCallId: p.id, toolName: p.toolName }
      } else if (p.type === 'tool-input-delta' && inputs.has(p.id)) {
        inputs.get(p.id).text += p.delta
        yield { type: 'tool-input-delta', toolCallId: p.id, inputTextDelta: p.delta }
      } else if (p.type === 'tool-call') {
        if (!inputs.has(p.toolCallId)) yield { type: 'tool-input-start', toolCallId: p.toolCallId, toolName: p.toolName }
        yield* call(p.toolCallId, p.toolName, p.input)
      } else if (p.type === 'error') {
        return yield* fail(p.error)
      } else if (p.type === 'finish') {
        for (const [id, type] of ends) yield { type, id }  // parts the model left open
        for (const [id, { toolName, text }] of inputs) yield* call(id, toolName, text)  // streamed, no tool-call part
        const reason = p.finishReason?.unified ?? p.finishReason
        yield { type: 'finish-step' }
        return yield { type: 'finish', finishReason: REASONS.has(reason) ? reason : 'other' }
      }
    }
    yield* fail(new Error('the model stream ended without a finish'))
  } catch (error) {
    if (!(error?.name === 'AbortError')) yield* fail(error)
  }
}
