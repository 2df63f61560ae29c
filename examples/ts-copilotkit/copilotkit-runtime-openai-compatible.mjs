#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on an OpenAI-compatible Chat Completions server: copilotkit-runtime.mjs's
// harness (`new CopilotRuntime({agents})`, a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST
// /api/copilotkit/agent/default/run`, the SSE answer's AG-UI events printed unchanged), with the agent's model a
// LanguageModel instance of `@ai-sdk/openai-compatible` instead of a model string.
//
// Why a model instance: CopilotKit's own strings build only OpenAI's Responses model, Anthropic, Google, MiniMax
// and Vertex (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:29-59). For any other OpenAI-compatible server
// (a local vLLM or Ollama, a gateway) a user hands BuiltInAgent a model they built: the classic config's
// `model: BuiltInAgentModel | LanguageModel` (dist/agent/index.d.mts:260, "can be a string like "openai/gpt-4o" or
// a LanguageModel instance", :25-27), and resolveModel returns a non-string spec as is (index.mjs:30). ai 6's
// LanguageModel is `GlobalProviderModelId | LanguageModelV3 | LanguageModelV2` (ai 6.0.326 dist/index.d.ts:95).
//
// The model: `createOpenAICompatible({name, baseURL, apiKey, ...}).chatModel(id)` from the @ai-sdk/openai-compatible
// installed in examples/ts-copilotkit/node_modules (1.0.61, hoisted there as @ai-sdk/google-vertex 3.0.187's
// dependency; not a dependency of the runtime itself and not in package.json). 1.0.61 is an AI SDK 5 provider: its
// chat model is a LanguageModelV2 (`specificationVersion = "v2"`, dist/index.mjs:288), which ai 6's streamText
// wraps in asLanguageModelV3 (ai dist/index.mjs:704-740, logging its "v2 specification compatibility mode"
// warning) and BuiltInAgent runs like any other. The chat model streams `POST {baseURL}/chat/completions`
// (dist/index.mjs:495), so the base URL is the mock server's /v1. The harness adds the case's scope headers
// (`headers`, merged into every request, :1406-1409), which the runner needs to route the case, and `includeUsage:
// true`: without it the chat model sends no `stream_options` (:490), a Chat Completions server (OpenAI's, the
// mock) then streams no usage chunk, and BuiltInAgent has no usage to report. The first run (before this option)
// failed 8.3.v3 in 79 cases for that alone, the harness's error, as @ag-ui/mastra's first run over this provider
// did (docs/findings-ag-ui-mastra.md). No `supportsStructuredOutputs`: BuiltInAgent asks for no structured output.
//
// Capabilities (the OpenAI mode's list, for the reasons in copilotkit-runtime.mjs, since BuiltInAgent does the
// converting; what this provider changes):
// - reasoning: the chat model turns `delta.reasoning_content` (or `delta.reasoning`) into
//   reasoning-start/delta/end (dist/index.mjs:593-605, :631-633), and BuiltInAgent maps those to REASONING_*.
// - tools, parallel_tools, server_tools: `tools`/`tool_choice` are sent (:398-399); every `delta.tool_calls` entry
//   is tracked by its index (:619-628), so parallel calls stay apart; tool results go back as `role: tool`
//   messages (:118).
// - abort: the run's abortSignal reaches fetch (:504).
// - NOT multimodal (the kit's 'multimodal' is image + PDF input): the chat model refuses every user file part
//   that is not an image before any request (UnsupportedFunctionalityError `file part media type ...`, :58-72).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no server-side tools).
// - no `server` flavour: @ai-sdk/openai-compatible is written for any OpenAI-compatible server, and
//   docs/adapters.md says to leave `server` out for such a client.
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-openai-compatible.mjs" --conformance-dialect=openai-chat
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-openai-compatible',
  inputs: ['openai-chat'],
  provider: '@ai-sdk/openai-compatible',
  lacks: ['multimodal'],
  model: ({ createOpenAICompatible }, upstream) => createOpenAICompatible({
    name: 'mock',
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'sk-conformance',
    headers: upstream.headers ?? {},
    includeUsage: true,
  }).chatModel(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
