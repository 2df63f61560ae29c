#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route (sac-harness/1 over stdio, docs/adapter-protocol.md).
//
// The adapter under test is @voltagent/core 2.10.0's `Agent`: `agent.streamText(messages, options)`, whose
// result's own `toUIMessageStream()` (StreamTextResultWithContext, dist/index.d.ts:9366; VoltAgent's wrapper
// `toUIMessageStreamSanitized`, dist/index.js:32670, which `toUIMessageStreamResponse()` of its Next.js and
// useChat docs (docs/integrations/nextjs.md:149, docs/agents/overview.md:372) sends as SSE) yields the AI SDK
// UI message stream of `ai` 6.0.326 (output protocol `ui-message-stream`). Every chunk is sent unchanged as
// one `event`; the documented route calls it with no options, and so does this harness.
// The model is `@ai-sdk/openai` 3.0.141's Chat Completions model (`createOpenAI(...).chat(id)`) pointed at the
// mock server; VoltAgent takes any AI SDK LanguageModel (docs/getting-started/providers-models.md shows
// `openai(id)`, which in @ai-sdk/openai 3 is the Responses model: the Chat Completions one is chosen here
// to run the openai-chat corpus).
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui.mjs" --conformance-dialect=openai-chat
//
// Variants: a harness that runs the same agent on another model sets `globalThis.SAC_VOLTAGENT` before importing this
// file (voltagent-ui-anthropic.mjs, voltagent-ui-google.mjs, voltagent-ui-mistral.mjs, voltagent-ui-groq.mjs,
// voltagent-ui-deepseek.mjs, voltagent-ui-xai.mjs, voltagent-ui-cerebras.mjs, voltagent-ui-togetherai.mjs,
// voltagent-ui-fireworks.mjs): `name`, `inputs` (the wire its model consumes), `features` (what its model serves;
// the agent's own features are the same for every model), optionally `lacks` (the agent's features its model cannot
// take), `server` and `structured_modes`, and `model(c)` (the LanguageModel for the case). Everything else, the
// agent and its route, is this file's.
//
// stdout carries protocol lines only: VoltAgent's logger writes to stderr, and the process exits at the
// end of input (VoltAgent's observability keeps timers alive).
import { jsonSchema, Output } from 'ai'
import { HttpErrorResponse, runHarness } from '../../harness/ts/index.js'
import { aiSdkPrompt, textOf, toolExecutor } from '../../harness/ts/convert.js'

// No network besides the mock: without VoltOps keys VoltAgent's observability stays local, and outside
// NODE_ENV=production importing @voltagent/core starts a models.dev catalogue refresh
// (ModelProviderRegistry.startAutoRefresh, dist/index.mjs:4667-4669), so the package is imported after both.
for (const key of ['VOLTAGENT_PUBLIC_KEY', 'VOLTAGENT_SECRET_KEY', 'VOLTOPS_PUBLIC_KEY', 'VOLTOPS_SECRET_KEY']) {
  delete process.env[key]
}
process.env.NODE_ENV = 'production'
const { Agent, AgentRegistry, createTool } = await import('@voltagent/core')

// VoltAgent's Logger interface (@voltagent/internal), written to stderr: @voltagent/logger's createPinoLogger
// has no destination option (pino's default, stdout: @voltagent/logger 2.0.2 dist/index.mjs:72). Warnings and
// errors only unless SAC_VOLTAGENT_LOG=all. It is the agent's logger and the global one (Tool, observability).
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal']
const SHOWN = new Set(process.env.SAC_VOLTAGENT_LOG === 'all' ? LEVELS : ['warn', 'error', 'fatal'])
function stderrLogger(bindings = {}) {
  const logger = { child: (more) => stderrLogger({ ...bindings, ...more }) }
  for (const level of LEVELS) {
    logger[level] = (msg, context) => {
      if (!SHOWN.has(level)) return
      let extra = ''
      try { extra = context ? ` ${JSON.stringify(context)}` : '' } catch { extra = ' [context]' }
      process.stderr.write(`[voltagent ${level}] ${typeof msg === 'string' ? msg : String(msg)}${extra}\n`)
    }
  }
  return logger
}
const logger = stderrLogger()
AgentRegistry.getInstance().setGlobalLogger(logger)

// The default variant: @ai-sdk/openai 3's Chat Completions model (imported only when it runs).
const VARIANT = globalThis.SAC_VOLTAGENT ?? {
  name: 'voltagent-ui',
  inputs: ['openai-chat'],
  // No 'reasoning': @ai-sdk/openai 3's chat model reads no reasoning field of a delta (content, refusal,
  // tool_calls, annotations: dist/index.mjs:770-820), and OpenAI's Chat Completions streams none.
  features: [],
  model: async (c) => {
    const { createOpenAI } = await import('@ai-sdk/openai')
    return createOpenAI({ apiKey: 'sk-conformance', baseURL: c.baseURL, headers: c.headers }).chat(c.modelId)
  },
}

// Declared from VoltAgent's docs and types before any run (docs/findings-voltagent.md explains each).
const CAPABILITIES = {
  name: VARIANT.name,
  inputs: VARIANT.inputs,
  // The result's toUIMessageStream is `StreamTextResult['toUIMessageStream']` of the `ai` it resolves, 6.0.326.
  output: 'ui-message-stream',
  // createTool with `execute` runs in the agent (server tools, its loop is ai's stopWhen stepCountIs(maxSteps));
  // a tool without `execute` is client-side (docs/agents/tools.md "Client-Side Tools").
  // Cancellation: `abortSignal` in the call options (docs/agents/overview.md "Cancellation").
  // Structured output: `output: Output.object(...)` in the call options (BaseGenerationOptions.output).
  // The variant adds what its model serves (reasoning) and drops what its model refuses (`lacks`).
  features: ['tools', 'parallel_tools', 'server_tools', 'abort', 'structured_output', 'multimodal',
    ...VARIANT.features].filter((f) => !(VARIANT.lacks ?? []).includes(f)),
  // A variant on a Chat Completions vendor's model names the server that model is written for (`server`) and
  // the structured-output mechanisms its provider has (`structured_modes`); the others declare neither.
  ...(VARIANT.server ? { server: VARIANT.server } : {}),
  ...(VARIANT.structured_modes ? { structured_modes: VARIANT.structured_modes } : {}),
  policies: {
    // ai 6's streamText below VoltAgent: an unparsable input becomes tool-input-error with the raw text.
    malformed_args: 'raw',
    // The UI message stream has no usage chunk.
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    // The documented route calls toUIMessageStreamResponse() with no onError: ai 6's default replaces every
    // error message with 'An error occurred.' on purpose (and the route's catch answers its own 500 body).
    error_text: 'own',
    // ai 6's streamText ends an aborted run with its `abort` chunk.
    abort: 'cancelled',
    unknown_finish: 'null',
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
  // The provider is made with maxRetries 0 on the call (a scripted 429/500 is the case itself).
  max_retries: 0,
}

// Scenario tools -> VoltAgent tools (createTool). `parameters` is the scenario's JSON Schema wrapped by ai's
// jsonSchema(): VoltAgent hands `parameters` to the AI SDK as the tool's inputSchema unchanged
// (ToolManager.prepareToolsForExecution, dist/index.js:14016), so the model receives the caller's schema.
// A server tool executes with the scripted result for its call id (options.toolContext.callId) and gets the
// call's abort signal (options.toolContext.abortSignal, dist/index.d.ts:838-847); a client tool has no execute.
function toTools(list, c) {
  return (list ?? []).map((t) => {
    const run = toolExecutor(t, c)
    const schema = t.input_schema ?? t.inputSchema ?? t.parameters ?? { type: 'object', properties: {} }
    return createTool({
      name: t.name,
      description: t.description || t.name,
      parameters: jsonSchema(schema),
      ...(run ? {
        execute: (input, options) => run(input, {
          toolCallId: options?.toolContext?.callId, abortSignal: options?.toolContext?.abortSignal,
        }),
      } : {}),
    })
  })
}

async function* stream(c) {
  if (c.upstream.mode !== 'http') throw new Error(`unsupported upstream mode ${c.upstream.mode}`)
  const { request } = c
  const model = await VARIANT.model(c)
  const options = request.options ?? {}
  // Leading system messages are the agent's instructions (AgentOptions.instructions is required).
  const { instructions, messages } = aiSdkPrompt(request.messages, { instructions: true })
  const agent = new Agent({
    name: 'Assistant',
    instructions: (instructions ?? []).map((m) => textOf(m.content)).join('\n\n'),
    model,
    tools: toTools(request.tools, c),
    memory: false,
    logger,
  })
  // VoltAgent's streamText rejects when the model call fails before any output (probeStreamStart,
  // dist/index.mjs:35068): the documented route (docs/integrations/nextjs.md:140-153) catches that and
  // answers `Response.json({ error: "Internal server error" }, { status: 500 })`, and so does this harness.
  let result
  try {
    result = await agent.streamText(messages, {
      ...(request.output_schema ? { output: Output.object({ schema: jsonSchema(request.output_schema) }) } : {}),
      ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
      abortSignal: c.signal,
      maxRetries: 0,
    })
  } catch (error) {
    c.log(`${c.id}: agent.streamText rejected: ${error?.message ?? error}`)
    throw new HttpErrorResponse(500, JSON.stringify({ error: 'Internal server error' }))
  }
  yield* result.toUIMessageStream()
}

await runHarness({ capabilities: CAPABILITIES, stream, sends: ['tool-started'] })
process.exit(0)
