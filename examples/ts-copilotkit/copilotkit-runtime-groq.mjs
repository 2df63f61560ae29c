#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on Groq: copilotkit-runtime.mjs's harness (`new CopilotRuntime({agents})`,
// a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST /api/copilotkit/agent/default/run`, the SSE
// answer's AG-UI events printed unchanged), with the agent's model a LanguageModel instance of `@ai-sdk/groq`.
//
// Why a model instance: CopilotKit's own strings build only OpenAI's Responses model, Anthropic, Google, MiniMax and
// Vertex (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:29-59); a user on Groq hands BuiltInAgent the model they
// built (`model: BuiltInAgentModel | LanguageModel`, dist/agent/index.d.mts:260; resolveModel returns a non-string
// spec as is, index.mjs:30), as copilotkit-runtime-mistral.mjs does for Mistral.
//
// The model: `createGroq({baseURL, apiKey, headers})(id)` of @ai-sdk/groq 3.0.71 (the ai 6 generation of the
// provider, the version examples/ts pins as `ai6-groq`; in examples/ts-copilotkit/package.json), a LanguageModelV3
// (`specificationVersion = "v3"`, dist/index.mjs:366), so ai 6.0.326's streamText runs it without a compatibility
// mode. Its default model is its chat model (createLanguageModel -> createChatModel, :1017-1030), streaming
// `POST {baseURL}/chat/completions` (:523, url `${baseURL}${path}` :1019; Groq's API is OpenAI's Chat Completions at
// https://api.groq.com/openai/v1, :1005), so the base URL is the mock server's /v1. The case's scope headers go on
// every request (`headers`, merged into Groq's own, :1006-1016), which the runner needs to route the case.
// Usage: Groq streams it in the last chunk's `x_groq.usage` unasked, and 3.0.71 reads it there and nowhere else
// (:580-582; the request has no `stream_options`: getArgs :417-450, doStream adds only `stream: true`, :519-530);
// the mock's `groq` flavour does the same (mock_provider/servers.py served_as, `wire.usage: x_groq`), so the
// openai-compatible sibling's includeUsage has no counterpart here: the declared `server` below is what gets the
// usage chunk.
//
// Capabilities (the OpenAI mode's list, for the reasons in copilotkit-runtime.mjs, since BuiltInAgent does the
// converting; what this provider adds):
// - server 'groq': the server @ai-sdk/groq is written for (docs/adapters.md names it `server="groq"`, as the
//   ai-sdk6-groq harness declares): createGroq hard-wires Groq's URL (:1005) and GROQ_API_KEY (:1010), reads Groq's
//   error body {error: {message, type}} (:245-253), Groq's usage in `x_groq.usage` (:580) and maps Groq's finish
//   vocabulary (:346-361). The kit then plays it none of another server's habits and the mock answers in Groq's
//   shapes.
// - reasoning: Groq streams reasoning in `delta.reasoning` (reasoning_format 'parsed'), the one field 3.0.71 reads
//   (:594-606), not DeepSeek's `delta.reasoning_content`, the mock's default; so the harness asks the mock for
//   Groq's field (`X-Mock-Reasoning: reasoning`, a statement about the server, as the ai-sdk6-groq harness makes it),
//   and BuiltInAgent maps the provider's reasoning-start/delta/end to REASONING_*.
// - tools, parallel_tools, server_tools: `tools`/`tool_choice` are sent (:448-449; `parallel_tool_calls` only when
//   the caller sets it, :422, which BuiltInAgent does not), `delta.tool_calls` are tracked by index (:626-694),
//   tool results go back as `role: tool` messages (:147-175).
// - not multimodal (the kit's: image + PDF input): the provider refuses every non-image file part before any request
//   ('Non-image file content parts', :91-95), as ai-sdk6-groq and the openai-compatible sibling declare.
// - abort: the run's abortSignal reaches fetch (:533).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no server-side tools configured).
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-groq.mjs" --conformance-dialect=openai-chat
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-groq',
  inputs: ['openai-chat'],
  provider: '@ai-sdk/groq',
  server: 'groq',
  lacks: ['multimodal'],
  model: ({ createGroq }, upstream) => createGroq({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'gsk-conformance',
    headers: { ...(upstream.headers ?? {}), 'X-Mock-Reasoning': 'reasoning' },
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
