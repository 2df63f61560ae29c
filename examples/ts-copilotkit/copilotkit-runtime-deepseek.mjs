#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on DeepSeek: copilotkit-runtime.mjs's harness (`new CopilotRuntime({agents})`,
// a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST /api/copilotkit/agent/default/run`, the SSE
// answer's AG-UI events printed unchanged), with the agent's model a LanguageModel instance of `@ai-sdk/deepseek`.
//
// Why a model instance: CopilotKit's own strings build only OpenAI's Responses model, Anthropic, Google, MiniMax and
// Vertex (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:29-59); a user on DeepSeek hands BuiltInAgent the model
// they built (`model: BuiltInAgentModel | LanguageModel`, dist/agent/index.d.mts:260; resolveModel returns a
// non-string spec as is, index.mjs:30), as copilotkit-runtime-groq.mjs does for Groq.
//
// The model: `createDeepSeek({baseURL, apiKey, headers})(id)` of @ai-sdk/deepseek 2.0.69 (the ai 6 generation of the
// provider: @ai-sdk/provider 3 and provider-utils 4, the runtime's ai ^6 being 6.0.326 here; 3.x is ai 7's, which
// examples/ts pins for ai-sdk7-deepseek; in examples/ts-copilotkit/package.json), a LanguageModelV3
// (`specificationVersion = "v3"`, dist/index.mjs:681), so ai 6's streamText runs it without a compatibility mode.
// Its default model is its chat model (createLanguageModel -> DeepSeekChatLanguageModel, :1178-1190), streaming
// `POST {baseURL}/chat/completions` (:910-913, url `${baseURL}${path}` :1181; DeepSeek's API is Chat
// Completions-shaped at https://api.deepseek.com, :1166), so the base URL is the mock server's /v1. The case's scope
// headers go on every request (`headers`, merged after DeepSeek's own, :1167-1177), which the runner needs to route
// the case. Usage: doStream always asks for it (`stream_options: {include_usage: true}`, :904-908), so the
// openai-compatible sibling's includeUsage has no counterpart here.
//
// Capabilities (the OpenAI mode's list, for the reasons in copilotkit-runtime.mjs, since BuiltInAgent does the
// converting; what this provider adds):
// - server 'deepseek': the server @ai-sdk/deepseek is written for (docs/adapters.md names it `server="deepseek"`, as
//   the ai-sdk7-deepseek harness declares): createDeepSeek hard-wires DeepSeek's URL (:1166) and DEEPSEEK_API_KEY
//   (:1171), reads DeepSeek's error body (deepSeekErrorSchema, :459-466), DeepSeek's prompt_cache_hit_tokens (:425)
//   and maps DeepSeek's finish vocabulary (insufficient_system_resource, :647-661). The kit then plays it none of
//   another server's habits and the mock answers in DeepSeek's shapes.
// - reasoning: DeepSeek streams reasoning in `delta.reasoning_content` (:1001-1014), the mock's default reasoning
//   field, so no X-Mock-Reasoning header; BuiltInAgent maps the provider's reasoning-start/delta/end to REASONING_*.
// - tools, parallel_tools, server_tools: `tools`/`tool_choice` are sent (getArgs), `delta.tool_calls` are tracked by
//   index (:1023-1106), tool results go back as `role: tool` messages (:357-).
// - not multimodal (the kit's: image + PDF input): DeepSeek takes JPEG/PNG/GIF/WebP images only; the provider drops
//   any other file part with an 'unsupported' warning (:188-285), as ai-sdk7-deepseek declares.
// - abort: the run's abortSignal reaches fetch (:920).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no server-side tools).
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-deepseek.mjs" --conformance-dialect=openai-chat
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-deepseek',
  inputs: ['openai-chat'],
  provider: '@ai-sdk/deepseek',
  server: 'deepseek',
  lacks: ['multimodal'],
  model: ({ createDeepSeek }, upstream) => createDeepSeek({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'sk-conformance',
    headers: { ...(upstream.headers ?? {}) },
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
