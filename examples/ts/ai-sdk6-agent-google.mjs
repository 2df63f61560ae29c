#!/usr/bin/env node
// The AI SDK 6 agent path on Gemini: a `ToolLoopAgent` (`ai` 6.0.326, dist/index.mjs `var ToolLoopAgent`; also
// exported as `Experimental_Agent`) whose model is `@ai-sdk/google` 3.0.141 (npm alias `ai6-google`, ai 6's own
// provider generation: `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse`), answered to the caller with
// `createAgentUIStreamResponse`, the function ai 6 documents for an API route (docs/03-agents/02-building-agents.mdx
// "Respond to UI Messages"; docs/07-reference/01-ai-sdk-core/18-create-agent-ui-stream-response.mdx). The route
// takes the chat's UI messages (`uiMessages`), validates them against the agent's tools, converts them to model
// messages and streams the agent's run as ai 6's UI message stream (`ui-message-stream`) in an SSE body; this
// harness reads that body back and sends every chunk to the suite as one `event` (sac-harness/1,
// docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-agent-google.mjs" --dialect=gemini
//
// What differs from ai-sdk6-google.mjs (streamText over the same provider): the caller's history arrives as UI
// messages (what useChat posts: one assistant message per turn of the chat, a `step-start` part before each step,
// each tool call a `tool-{name}` part holding its result), the leading system messages are the agent's
// `instructions`, and the loop is the agent's own (its default stop condition, stepCountIs(20)).
// stdout carries protocol lines only; diagnostics go to stderr.
//   SAC_AISDK_MASK_ERRORS=1  keep the UI stream's default onError ("An error occurred.").
//   SAC_AISDK_MAX_RETRIES=N  let the agent's model calls retry N times (default 0, see CAPABILITIES).
import { runHarness } from '../../harness/ts/index.js'
import { parseArguments, textOf, toolExecutor } from '../../harness/ts/convert.js'

const { ToolLoopAgent, createAgentUIStreamResponse, jsonSchema, Output, tool } = await import('ai')
const { createGoogleGenerativeAI } = await import('ai6-google')

const MASK_ERRORS = process.env.SAC_AISDK_MASK_ERRORS === '1'
// ToolLoopAgentSettings is CallSettings without abortSignal (ai 6.0.326 dist/index.d.ts:3359), so it takes
// maxRetries (default 2): the suite's single-attempt HTTP scenarios replay their fault on every attempt, so the
// agent retries only when SAC_AISDK_MAX_RETRIES says how often, and the harness declares it.
const MAX_RETRIES = Math.max(0, Number.parseInt(process.env.SAC_AISDK_MAX_RETRIES ?? '0', 10) || 0)

// Declared from ai 6's agent docs and types (docs/03-agents, docs/07-reference/01-ai-sdk-core/15-agent.mdx,
// dist/index.d.ts ToolLoopAgentSettings) before any run:
const CAPABILITIES = {
  name: 'ai-sdk6-agent-google',
  inputs: ['gemini'],
  // createAgentUIStreamResponse's body is `result.toUIMessageStream()` of the agent's streamText run
  // (dist/index.mjs createAgentUIStream), ai 6's UI message stream.
  output: 'ui-message-stream',
  // tools: the agent's `tools`; a tool without execute ends the loop (the ToolLoopAgent doc comment: "A tool that
  // is invoked does not have an execute function"), so the caller runs it: client tools. A tool with execute is
  // run by the agent and the model is called again: server_tools. parallel_tools: streamText's steps hold every
  // call of a step. reasoning: toUIMessageStream sends reasoning by default (sendReasoning). abort: the route's
  // `abortSignal` ("cancel streaming, e.g., on client disconnect"). structured_output: the agent's `output`.
  // multimodal: the UI messages' `file` parts become the model's file parts (convertToModelMessages).
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'multimodal', 'server_tools',
    ...(MAX_RETRIES > 0 ? ['retries'] : [])],
  max_retries: MAX_RETRIES,
  policies: {
    // The run is streamText's (ToolLoopAgent.stream calls it), so its policies are ai 6's streamText's:
    // an unparsable input becomes `tool-input-error` whose `input` is the raw text.
    malformed_args: 'raw',
    // The UI message stream has no usage chunk.
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    // streamText ends an aborted run with one `abort` chunk.
    abort: 'cancelled',
    // streamText forwards the provider's 'other'.
    unknown_finish: 'null',
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
}

function errorMessage(error) {
  if (error == null) return 'unknown error'
  if (typeof error === 'string') return error
  if (error instanceof Error) return error.message
  return JSON.stringify(error)
}

// ---------------------------------------------------------------- request -> the chat's UI messages
// A user file part carries a URL: the source's own, or a data URL of its base64 bytes.
function fileUrl(source, mediaType) {
  const value = String(source.value ?? '')
  if (source.type === 'url' || value.startsWith('data:')) return value
  return `data:${mediaType};base64,${value}`
}

function userParts(content) {
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  const parts = []
  for (const part of Array.isArray(content) ? content : []) {
    if (part == null || typeof part !== 'object') continue
    if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text ?? part.content ?? '' })
    } else if (part.source && typeof part.source === 'object') {
      const mediaType = part.source.mimeType ?? part.mimeType ?? 'application/octet-stream'
      parts.push({ type: 'file', mediaType, url: fileUrl(part.source, mediaType) })
    }
  }
  // A user UI message must have a part (the UI message schema refuses an empty one).
  return parts.length > 0 ? parts : [{ type: 'text', text: textOf(content) }]
}

// A tool message's content as the tool part's output: the JSON it holds, else its text.
function toolOutput(content) {
  if (typeof content !== 'string') return content ?? ''
  try {
    return JSON.parse(content)
  } catch {
    return content
  }
}

/**
 * The request's OpenAI-style history as useChat holds it: every assistant turn (and the tool results that follow
 * it) up to the next user message is one assistant UI message, each turn opened by a `step-start` part, each call a
 * `tool-{name}` part that holds its result (`output-available`) once the history has it. Leading system messages
 * are returned apart: they are the agent's instructions.
 */
function toUIMessages(messages) {
  const all = messages ?? []
  let first = 0
  while (first < all.length && all[first].role === 'system') first += 1
  const instructions = all.slice(0, first).map((m) => ({ role: 'system', content: textOf(m.content) }))
  const out = []
  const calls = new Map()
  let assistant = null
  for (const m of all.slice(first)) {
    if (m.role === 'assistant') {
      if (assistant === null) {
        assistant = { id: `msg-${out.length}`, role: 'assistant', parts: [] }
        out.push(assistant)
      }
      assistant.parts.push({ type: 'step-start' })
      const text = textOf(m.content)
      if (text) assistant.parts.push({ type: 'text', text, state: 'done' })
      for (const call of m.tool_calls ?? []) {
        const part = { type: `tool-${call.function?.name ?? ''}`, toolCallId: String(call.id ?? ''),
          state: 'input-available', input: parseArguments(call.function?.arguments) }
        calls.set(part.toolCallId, part)
        assistant.parts.push(part)
      }
    } else if (m.role === 'tool') {
      const part = calls.get(String(m.tool_call_id ?? ''))
      if (part) Object.assign(part, { state: 'output-available', output: toolOutput(m.content) })
    } else {
      assistant = null
      const parts = m.role === 'system' ? [{ type: 'text', text: textOf(m.content) }] : userParts(m.content)
      out.push({ id: `msg-${out.length}`, role: m.role === 'system' ? 'system' : 'user', parts })
    }
  }
  return { instructions, uiMessages: out }
}

// ---------------------------------------------------------------- tools
// A client tool has no execute (the caller runs it); a server tool executes with the scenario's scripted result
// for the call id (execute's options.toolCallId). `c` lets a held tool report its start (tool-started).
function tools(list, c) {
  const out = {}
  for (const t of list ?? []) {
    const schema = t.input_schema ?? t.inputSchema ?? t.parameters ?? { type: 'object', properties: {} }
    const execute = toolExecutor(t, c)
    out[t.name] = tool({ description: t.description ?? '', inputSchema: jsonSchema(schema),
      ...(execute ? { execute: (input, options) => execute(input, options) } : {}) })
  }
  return out
}

// ---------------------------------------------------------------- the route's SSE body -> chunks
// createUIMessageStreamResponse writes each chunk as `data: <json>\n\n` and ends with `data: [DONE]\n\n`
// (ai 6.0.326 dist/index.mjs JsonToSseTransformStream); a keep-alive is a `:` comment.
async function* sseChunks(body) {
  const decoder = new TextDecoder()
  let buffered = ''
  const reader = body.getReader()
  const events = function* (text) {
    for (const line of text.split('\n')) {
      if (!line.startsWith('data:')) continue
      const data = line.slice(5).trimStart()
      if (data !== '[DONE]') yield JSON.parse(data)
    }
  }
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffered += decoder.decode(value, { stream: true })
    let end = buffered.indexOf('\n\n')
    while (end >= 0) {
      yield* events(buffered.slice(0, end))
      buffered = buffered.slice(end + 2)
      end = buffered.indexOf('\n\n')
    }
  }
  buffered += decoder.decode()
  if (buffered.trim()) yield* events(buffered)
}

// ---------------------------------------------------------------- one case
async function stream(c) {
  if (c.upstream.mode !== 'http') {
    throw new Error(`this harness consumes the gemini wire only (upstream mode ${c.upstream.mode})`)
  }
  const request = c.request
  const options = request.options ?? {}
  const { instructions, uiMessages } = toUIMessages(request.messages)
  // The Gemini API's version prefix is part of the provider's baseURL (its default ends in /v1beta).
  const model = createGoogleGenerativeAI({ baseURL: `${c.upstream.base_url.replace(/\/$/, '')}/v1beta`,
    apiKey: 'conformance', headers: c.headers })(c.modelId)
  // One agent per request: its tools are the caller's (a route would hold one agent; the suite's tools and
  // scripted results change per case).
  const agent = new ToolLoopAgent({
    model,
    ...(instructions.length > 0 ? { instructions } : {}),
    tools: tools(request.tools, c),
    ...(request.output_schema ? { output: Output.object({ schema: jsonSchema(request.output_schema) }) } : {}),
    ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
    maxRetries: MAX_RETRIES,
  })
  const response = await createAgentUIStreamResponse({
    agent,
    uiMessages,
    // No custom reason: streamText recognises the DOM AbortError the default reason makes.
    abortSignal: c.signal,
    ...(MASK_ERRORS ? {} : { onError: errorMessage }),
  })
  // A non-2xx Response is read by runHarness as the route's HTTP error answer.
  return response.ok ? sseChunks(response.body) : response
}

runHarness({ capabilities: CAPABILITIES, stream, sends: ['tool-started'] })
