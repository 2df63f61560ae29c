// The suite's request (OpenAI-style history: docs/adapter-protocol.md, RunRequest) in the shapes
// TypeScript adapters take. Plain objects only: no dependency on the packages they are for.

/** Argument text -> the value a ModelMessage tool-call carries (the text itself when it is not JSON). */
export function parseArguments(text) {
  if (typeof text !== 'string') return text ?? {}
  try {
    return text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    return text
  }
}

/** The text of a message's content: a string, or the text of its parts. */
export function textOf(content) {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((p) => p?.text ?? p?.content ?? '').join('')
  return ''
}

// User content (a string, or TanStack/AG-UI parts) -> AI SDK user content.
function userContent(content) {
  if (content == null) return ''
  if (typeof content === 'string') return content
  const parts = []
  for (const part of Array.isArray(content) ? content : []) {
    if (part == null || typeof part !== 'object') continue
    if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text ?? part.content ?? '' })
    } else if (part.source && typeof part.source === 'object') {
      const mediaType = part.source.mimeType ?? part.mimeType ?? 'application/octet-stream'
      const data = part.source.value
      if (part.type === 'image') parts.push({ type: 'image', image: data, mediaType })
      else parts.push({ type: 'file', data, mediaType })
    }
  }
  return parts
}

function toolOutput(value) {
  if (typeof value === 'string') {
    try {
      return { type: 'json', value: JSON.parse(value) }
    } catch {
      return { type: 'text', value }
    }
  }
  return value == null ? { type: 'text', value: '' } : { type: 'json', value }
}

/** Request messages -> AI SDK `ModelMessage[]` (system, user parts, assistant tool calls, tool results). */
export function toModelMessages(messages) {
  const out = []
  const names = new Map()
  for (const m of messages ?? []) {
    if (m.role === 'system') {
      out.push({ role: 'system', content: textOf(m.content) })
    } else if (m.role === 'user') {
      out.push({ role: 'user', content: userContent(m.content) })
    } else if (m.role === 'assistant') {
      const content = []
      const text = textOf(m.content)
      if (text) content.push({ type: 'text', text })
      for (const call of m.tool_calls ?? []) {
        const toolCallId = String(call.id ?? '')
        const toolName = String(call.function?.name ?? '')
        names.set(toolCallId, toolName)
        content.push({ type: 'tool-call', toolCallId, toolName, input: parseArguments(call.function?.arguments) })
      }
      out.push({ role: 'assistant', content })
    } else if (m.role === 'tool') {
      const toolCallId = String(m.tool_call_id ?? '')
      out.push({
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId, toolName: names.get(toolCallId) ?? '', output: toolOutput(m.content) }],
      })
    }
  }
  return out
}

/**
 * AI SDK 7 takes leading system messages as `instructions` (ai 7.0.173 dist/index.js:2259 rejects
 * them in `messages`); AI SDK 6 takes them in `messages`. Returns the call's prompt fields.
 */
export function aiSdkPrompt(messages, { instructions = true } = {}) {
  const all = toModelMessages(messages)
  if (!instructions) return { messages: all }
  let n = 0
  while (n < all.length && all[n].role === 'system') n += 1
  return n === 0 ? { messages: all } : { instructions: all.slice(0, n), messages: all.slice(n) }
}

/** Request messages -> TanStack AI `ModelMessage[]` plus its `systemPrompts`. */
export function toTanstackMessages(messages) {
  const systemPrompts = []
  const out = []
  for (const m of messages ?? []) {
    if (m.role === 'system') {
      systemPrompts.push(typeof m.content === 'string' ? m.content : JSON.stringify(m.content))
    } else if (m.role === 'tool') {
      out.push({ role: 'tool', content: m.content ?? '', toolCallId: m.tool_call_id })
    } else if (m.role === 'assistant' && Array.isArray(m.tool_calls)) {
      out.push({ role: 'assistant', content: m.content ?? null, toolCalls: m.tool_calls })
    } else {
      out.push({ role: m.role, content: m.content ?? '' })
    }
  }
  return { systemPrompts, messages: out }
}

/**
 * A server tool's `execute(args, context)` (agent loops), or undefined for a client tool.
 *
 * The scenario declares what each call returns (`tool.results[i]`: `tool_call_id` and `result`, or
 * `error`, which is thrown). The call is found by the id the framework passes (AI SDK and TanStack
 * AI give `context.toolCallId`); a framework that passes none gets the results in call order.
 *
 * A result marked `until_abort` (the caller aborts while this call runs, `client.abort_during_tool`)
 * is held until the run is aborted: the signal the framework hands its tool (`context.abortSignal`,
 * ai 7.0.173 dist/index.js:3009-3025, @tanstack/ai 0.58.0 activities/chat/tools/tool-calls.js:468) or
 * `signal`, the case's own (`c.signal`). Then it returns its result as a tool that ignores the abort
 * would: the framework's loop, not the tool, must stop the run.
 *
 * Pass the harness case (`c`) instead of its signal and the tool also tells the suite when it starts
 * (`c.toolStarted`, the `tool-started` message of a harness run with `sends: ['tool-started']`): the
 * suite then aborts at that moment, as seen by the tool, not once the call was printed complete.
 *
 * Example:
 *   execute: toolExecutor(t, c)   // c: the case runHarness hands options.stream
 */
export function toolExecutor(tool, signalOrCase) {
  if (!tool?.server) return undefined
  const harnessCase = signalOrCase != null && typeof signalOrCase.toolStarted === 'function' ? signalOrCase : null
  const signal = harnessCase ? harnessCase.signal : signalOrCase
  const results = tool.results ?? []
  const used = new Set()
  return async (_args, context) => {
    const id = context?.toolCallId
    let index = results.findIndex((r) => r.tool_call_id === id)
    if (index < 0) index = results.findIndex((_r, i) => !used.has(i))
    if (index < 0) throw new Error(`no scripted result for a call of ${tool.name} (${id ?? 'no id'})`)
    used.add(index)
    const found = results[index]
    if (found.until_abort) {
      if (found.report_start && harnessCase) harnessCase.toolStarted(found.tool_call_id)
      await untilAborted([context?.abortSignal, signal])
    }
    if (found.error != null) throw new Error(found.error)
    return found.result
  }
}

/** Resolves when any of the signals aborts (never, when none is given: the case's timeout ends it). */
function untilAborted(signals) {
  const live = signals.filter((s) => s != null)
  return new Promise((resolve) => {
    if (live.some((s) => s.aborted)) return resolve()
    for (const s of live) s.addEventListener('abort', () => resolve(), { once: true })
  })
}
