#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on Together AI: copilotkit-runtime.mjs's harness (`new
// CopilotRuntime({agents})`, a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one
// `POST /api/copilotkit/agent/default/run`, the SSE answer's AG-UI events printed unchanged), with the agent's model a
// LanguageModel instance of `@ai-sdk/togetherai`.
//
// Why a model instance: CopilotKit's own strings build only OpenAI's Responses model, Anthropic, Google, MiniMax and
// Vertex (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:29-59); a user on Together AI hands BuiltInAgent the model
// they built (`model: BuiltInAgentModel | LanguageModel`, dist/agent/index.d.mts:260; resolveModel returns a
// non-string spec as is, index.mjs:30), as copilotkit-runtime-groq.mjs does for Groq.
//
// The model: `createTogetherAI({baseURL, apiKey, headers})(id)` of @ai-sdk/togetherai 2.0.84 (the ai 6 generation of
// the provider: @ai-sdk/provider 3.0.17, its own nested provider-utils 4.0.54 and openai-compatible 2.0.78, the
// runtime's ai ^6 being 6.0.326 here; 1.x is ai 5's, on @ai-sdk/provider 2; 3.x is ai 7's, which examples/ts pins for
// ai-sdk7-togetherai; in examples/ts-copilotkit/package.json). Its default model is the chat model
// (`provider = (modelId) => createChatModel(modelId)`, dist/index.mjs:316-320, :336), openai-compatible's
// OpenAICompatibleChatLanguageModel, a LanguageModelV3 (`specificationVersion = "v3"`, openai-compatible
// dist/index.mjs:409), so ai 6's streamText runs it without a compatibility mode. It streams
// `POST {baseURL}/chat/completions` (url `${baseURL}${path}`, :312; openai-compatible :646-650; Together's API at
// https://api.together.xyz/v1, :294), so the base URL is the mock server's /v1. The case's scope headers go on
// every request (`headers`, merged after the Authorization header, :296-308), which the runner needs to route the
// case. Usage: createTogetherAI sets `includeUsage: true` on its chat model (:316-320), so the request asks for the
// usage chunk (`stream_options: {include_usage: true}`, openai-compatible :644).
//
// Capabilities (the OpenAI mode's list, for the reasons in copilotkit-runtime.mjs, since BuiltInAgent does the
// converting; what this provider adds):
// - server 'other': the kit has no Together flavour (mock_provider/servers.py), and docs/adapters.md tells a
//   newcomer to declare `server: other` for a client written for one vendor's Chat Completions server that has none
//   (ai-sdk7-togetherai.mjs and openai-agents-aisdk-togetherai.mjs declare the same): createTogetherAI hard-wires
//   Together's URL (:294) and TOGETHER_API_KEY (:302); it keeps openai-compatible's default error body and request
//   shape, but it is no client "meant for any OpenAI-compatible server" (that is @ai-sdk/openai-compatible itself).
// - reasoning: the chat model reads `delta.reasoning_content ?? delta.reasoning` (openai-compatible :753), the mock's
//   default field, so no X-Mock-Reasoning header; BuiltInAgent maps reasoning-start/delta/end to REASONING_*.
// - tools, parallel_tools, server_tools: `tools`/`tool_choice` are sent (getArgs), `delta.tool_calls` are tracked by
//   index (openai-compatible :764-), tool results go back as `role: tool` messages.
// - not multimodal (the kit's: image + PDF input): the package's docs give "Image Input" to 3 of the 8 models they
//   list and say nothing of PDFs (docs/24-togetherai.mdx:117-129); the provider would send a PDF as OpenAI's `file`
//   part (openai-compatible :168-180) without any sign the Together API takes it, as the two sibling harnesses declare.
// - abort: the run's abortSignal reaches fetch (openai-compatible :658).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - missing_finish 'error': a stream that ends without its finish reason makes the chat model's flush() enqueue an
//   error part ("Response stream ended without a finish reason.", openai-compatible :919-927), which BuiltInAgent
//   turns into RUN_ERROR: the run fails on purpose (declared before this configuration's first run, from the
//   Cerebras sibling's first run on the same code, openai-compatible 2.0.76; openai-agents-aisdk-togetherai declares
//   the same).
// - not structured_output (BuiltInAgent has none), not provider_executed (no server-side tools).
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-togetherai.mjs" --conformance-dialect=openai-chat
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-togetherai',
  inputs: ['openai-chat'],
  provider: '@ai-sdk/togetherai',
  server: 'other',
  lacks: ['multimodal'],
  policies: { missing_finish: 'error' },
  model: ({ createTogetherAI }, upstream) => createTogetherAI({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'together-conformance',
    headers: { ...(upstream.headers ?? {}) },
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
