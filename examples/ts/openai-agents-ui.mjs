#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript behind an AI SDK UI route: `run(agent, input, {stream: true})`
// of @openai/agents 0.18.0 on its default model (the Responses API: OpenAIProvider's
// OpenAIResponsesModel, `openai.responses.create({stream: true})`), whose run stream is turned into an
// AI SDK UI message stream by @openai/agents-extensions 0.18.0's own `ai-sdk-ui` module
// (`createAiSdkUiMessageStream`, dist/ai-sdk-ui/uiMessageStream.mjs: a hand-written producer of
// `ai`'s UIMessageChunk, typed against the `ai` it resolves, 6.0.326 here: `ui-message-stream`).
// The provider's OpenAI client points at the mock server's `POST /v1/responses`; the sac-harness/1
// stdio protocol is docs/adapter-protocol.md:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-ui.mjs" --conformance-dialect=openai-responses
//
// Every chunk createAiSdkUiMessageStream yields is sent unchanged as one `event`. An error the run
// raises errors that stream (the module has no `error` chunk): the harness reports it as the adapter's
// raise, what an app's route returning createAiSdkUiMessageStreamResponse would cut off mid-body.
//
// A variant sets `globalThis.SAC_OPENAI_AGENTS = {capabilities, provider}` before importing this module
// (openai-agents-ui-chat.mjs: the same run and bridge on the provider's Chat Completions model): its
// capabilities replace the ones below and `provider` is spread into the OpenAIProvider options; a variant's
// `model(c)` gives the agent's model for the case instead of the provider's (openai-agents-aisdk.mjs, shared by the
// openai-agents-aisdk-*.mjs harnesses: an AI SDK model wrapped by agents-extensions' `aisdk()`), and the runner's
// provider is then never asked; its `modelSettings` are the agent's.
import OpenAI from 'openai'
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents'
import { createAiSdkUiMessageStream } from '@openai/agents-extensions/ai-sdk-ui'
import { runHarness } from '../../harness/ts/index.js'
import { textOf, toolExecutor } from '../../harness/ts/convert.js'

// What the Agents SDK and its ai-sdk-ui module do, declared from their docs and types before any run
// (docs/findings-openai-agents-ui.md explains each).
const VARIANT = globalThis.SAC_OPENAI_AGENTS ?? {}
const CAPABILITIES = VARIANT.capabilities ?? {
  name: 'openai-agents-ui',
  inputs: ['openai-responses'],
  // uiMessageStream.d.ts:2 `import type { UIMessageChunk } from 'ai'`, and uiMessageStream.mjs:2 imports
  // createUIMessageStreamResponse from the same `ai`: 6.0.326 in this install.
  output: 'ui-message-stream',
  // Function tools run in the agent (server tools). The SDK has no client tool: every function tool it
  // is given has an `execute` the runner calls (a call the caller should run is only reachable as an
  // approval interruption, a different UI state), so client tool calls are not declared (client_tools).
  features: ['tools', 'parallel_tools', 'server_tools', 'reasoning', 'abort', 'structured_output', 'multimodal'],
  client_tools: false,
  policies: {
    // extractToolInput wraps unparsable argument text as {raw: text} (uiMessageStream.mjs:26-33): the
    // raw text is forwarded, inside an object.
    malformed_args: 'raw',
    // The UI message stream has no usage chunk.
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    // run({signal}) stops the run; the module then closes with its usual finish (no abort chunk).
    abort: 'silent',
    unknown_finish: 'stop',
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
  // outputType json_schema is the Responses API's text.format json_schema; no tool or prompt fallback.
  structured_modes: ['native'],
  // The client below is made with maxRetries: 0 (a scripted 429/500 is the case itself).
  max_retries: 0,
}

// ---------------------------------------------------------------- request -> Agents SDK input items
function userContent(content) {
  if (typeof content === 'string') return content
  const parts = []
  for (const part of Array.isArray(content) ? content : []) {
    if (part == null || typeof part !== 'object') continue
    if (part.type === 'text') {
      parts.push({ type: 'input_text', text: part.text ?? part.content ?? '' })
    } else if (part.source && typeof part.source === 'object') {
      const { type, value } = part.source
      const mediaType = part.source.mimeType ?? part.mimeType
      const url = type === 'url' ? value : `data:${mediaType ?? 'application/octet-stream'};base64,${value}`
      if (part.type === 'image') parts.push({ type: 'input_image', image: url })
      else parts.push({ type: 'input_file', file: url })
    }
  }
  return parts
}

function toolResultOutput(content) {
  return typeof content === 'string' ? content : JSON.stringify(content ?? '')
}

/** The caller's OpenAI-style history -> AgentInputItem[] (protocol.d.ts message, function_call(_result) items). */
function toInputItems(messages) {
  const items = []
  const names = new Map()
  for (const m of messages ?? []) {
    if (m.role === 'system') {
      items.push({ role: 'system', content: textOf(m.content) })
    } else if (m.role === 'user') {
      items.push({ role: 'user', content: userContent(m.content) })
    } else if (m.role === 'assistant') {
      const text = textOf(m.content)
      if (text) items.push({ role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] })
      for (const call of m.tool_calls ?? []) {
        const callId = String(call.id ?? '')
        const name = String(call.function?.name ?? '')
        names.set(callId, name)
        items.push({ type: 'function_call', callId, name, arguments: String(call.function?.arguments ?? ''),
          status: 'completed' })
      }
    } else if (m.role === 'tool') {
      const callId = String(m.tool_call_id ?? '')
      items.push({ type: 'function_call_result', callId, name: names.get(callId) ?? '', status: 'completed',
        output: toolResultOutput(m.content) })
    }
  }
  return items
}

// Scenario server tools -> Agents SDK function tools: the execute returns the scripted result for the
// call id (details.toolCall.callId), and gets the run's signal (details.signal) for held results.
// A client tool (no `server`) has no Agents SDK form; it is still offered to the model so that the
// request is the caller's, with an execute that refuses (the suite never runs such a case: client_tools).
function toTools(list, signal) {
  return (list ?? []).map((t) => {
    const run = toolExecutor(t, signal)
    return tool({
      name: t.name,
      description: t.description ?? '',
      parameters: t.input_schema ?? { type: 'object', properties: {}, additionalProperties: false },
      strict: false,
      execute: async (input, _context, details) => {
        if (!run) throw new Error(`${t.name} is a client tool: the Agents SDK runs every function tool itself`)
        return run(input, { toolCallId: details?.toolCall?.callId, abortSignal: details?.signal })
      },
    })
  })
}

// ---------------------------------------------------------------- one case
async function* stream(c) {
  if (c.upstream.mode !== 'http') throw new Error(`unsupported upstream mode ${c.upstream.mode}`)
  const { request } = c
  const client = new OpenAI({ apiKey: 'sk-conformance', baseURL: c.baseURL, defaultHeaders: c.headers, maxRetries: 0 })
  // One runner per case: OpenAIProvider caches its client and models, and each case has its own headers.
  const runner = new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client, ...VARIANT.provider }), tracingDisabled: true })
  const options = request.options ?? {}
  const agent = new Agent({
    name: 'Assistant',
    model: VARIANT.model ? await VARIANT.model(c) : c.modelId,
    tools: toTools(request.tools, c.signal),
    ...(request.output_schema
      ? { outputType: { type: 'json_schema', name: 'output', strict: false, schema: request.output_schema } }
      : {}),
    // A variant's modelSettings (provider options its model needs) under the caller's temperature.
    ...(VARIANT.modelSettings || typeof options.temperature === 'number'
      ? { modelSettings: { ...VARIANT.modelSettings,
        ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}) } }
      : {}),
  })
  const result = await runner.run(agent, toInputItems(request.messages), { stream: true, signal: c.signal })
  yield* createAiSdkUiMessageStream(result)
}

runHarness({ capabilities: CAPABILITIES, stream })
