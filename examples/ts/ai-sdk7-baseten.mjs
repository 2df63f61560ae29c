#!/usr/bin/env node
// The AI SDK on Baseten: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/baseten` 2, whose default model
// `baseten(modelId)` (Baseten's "Model APIs": no `modelURL`) is an OpenAICompatibleChatLanguageModel of its own nested
// @ai-sdk/openai-compatible 3.0.48 (@ai-sdk/baseten 2.1.26 dist/index.js:63-86, :139), streaming
// `POST {baseURL}/chat/completions` (the url is `${customURL || baseURL}${path}`, :54-59; openai-compatible 3.0.48
// dist/index.js:700-711; Baseten's Model APIs are Chat Completions-shaped at https://inference.baseten.co/v1, baseten
// :37), against the mock server's Chat Completions route, emitting ai 7's UI message stream (`ui-message-stream@7`).
// The code is ai-sdk-openai-compatible.mjs's; only the provider, the name and the declarations below differ. `ai` 7
// declares node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-baseten.mjs" --dialect=openai-chat
//
// Where the provider sends a request: with no `modelURL` (a dedicated deployment's `/sync/v1` URL, which the docs
// offer for models deployed on one's own), the chat model posts to `{baseURL}/chat/completions`, so giving the mock's
// /v1 as `baseURL` (the setting the docs offer "to use proxy servers") reaches the mock's route with no other change.
// The provider reads reasoning from `delta.reasoning_content ?? delta.reasoning` (openai-compatible 3.0.48
// dist/index.js:862): the mock's default field is read, so no X-Mock-Reasoning header is needed.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/baseten',
  name: 'ai-sdk7-baseten',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The kit has no Baseten flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none. The client is
  // that: createBaseten hard-wires Baseten's URL (:37), its API key variable (BASETEN_API_KEY, :41-51), its error
  // body (basetenErrorSchema, :21-36: `{error: string | {message, object, type, param, code}}`) and always asks for
  // usage in the stream (includeUsage, :71, :83: `stream_options.include_usage`). It is no client "meant for any
  // OpenAI-compatible server" (that is @ai-sdk/openai-compatible itself), so leaving `server` out would be wrong.
  server: 'other',
  // 'multimodal' is image + PDF input. The package's docs (docs/170-baseten.mdx) say nothing of inputs beyond text;
  // Baseten's Model APIs page (docs.baseten.co/inference/model-apis/overview, its feature table) gives "vision" to
  // the two Kimi models only and says nothing of PDFs; the provider would send a PDF as OpenAI's `file` part
  // (openai-compatible 3.0.48 dist/index.js:200-218) without any sign Baseten takes it. What the docs do not give a
  // newcomer does not declare.
  lacks: ['multimodal'],
  // Kept (the harness's default features):
  // - tools and tool streaming: Baseten's Model APIs feature table gives "tools" to every model listed; the chat model
  //   sends `tools`/`tool_choice` (openai-compatible dist/index.js:597-598) and streams `delta.tool_calls` by index
  //   (:718-760, :876-885);
  // - parallel tools: nothing in the package or its docs says one answer cannot carry several calls, and the chunk
  //   parser keeps a call per `index`;
  // - reasoning: the same table has reasoning "Enabled by default" or "Opt-in" for every model; the chunk parser
  //   reads `delta.reasoning_content ?? delta.reasoning` (:862);
  // - server tools (streamText's agent loop): tool results go back as `role: tool` messages (:313);
  // - abort: the abortSignal reaches fetch (:711).
  // createBaseten sets supportsStructuredOutputs for the Model APIs chat model (:84), and the feature table gives
  // "structured" to every model: a schema goes out as response_format json_schema (openai-compatible :569-577), the
  // native mechanism only (no tool mode, no system-message instruction).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createBaseten }, c) =>
    createBaseten({ baseURL: c.baseURL, apiKey: 'baseten-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
