#!/usr/bin/env node
// The AI SDK on Together AI: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/togetherai` 3, whose default
// model `togetherai(modelId)` is an OpenAICompatibleChatLanguageModel of its own nested @ai-sdk/openai-compatible
// 3.0.53 (@ai-sdk/togetherai 3.0.54 dist/index.js:354-360, :377-381), streaming `POST {baseURL}/chat/completions`
// (openai-compatible 3.0.53 dist/index.js:713-723; Together's API is Chat Completions-shaped at
// https://api.together.xyz/v1, togetherai :332), against the mock server's Chat Completions route, emitting ai 7's
// UI message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's; only the provider, the name
// and the declarations below differ. `ai` 7 declares node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-togetherai.mjs" --dialect=openai-chat
//
// The provider reads reasoning from `delta.reasoning_content ?? delta.reasoning` (openai-compatible 3.0.53
// dist/index.js:877): the mock's default field is read, so no X-Mock-Reasoning header is needed.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/togetherai',
  name: 'ai-sdk7-togetherai',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The kit has no Together flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none. The client is
  // that: createTogetherAI hard-wires Together's URL (:331-333), its API key variable (TOGETHER_API_KEY, :334-347)
  // and which of Together's model ids take a JSON schema (getModelStructuredOutputSupport, :326-328). It keeps
  // openai-compatible's default error body (OpenAI's {error: {message, type, param, code}}, openai-compatible
  // :49-63) and request shape, but it is still no client "meant for any OpenAI-compatible server" (that is
  // @ai-sdk/openai-compatible itself), so leaving `server` out would be wrong.
  server: 'other',
  // 'multimodal' is image + PDF input. The package's docs (docs/24-togetherai.mdx, "Model Capabilities") give
  // "Image Input" to 3 of the 8 models listed and say nothing of PDFs or documents anywhere; the provider would
  // send a PDF as OpenAI's `file` part (openai-compatible 3.0.53 dist/index.js:206-220) without any sign the
  // Together API takes it. What the docs do not give a newcomer does not declare.
  lacks: ['multimodal'],
  // Kept (the harness's default features):
  // - tools and tool streaming: the docs table gives "Tool Usage" and "Tool Streaming" to all 8 models; the chat
  //   model sends `tools`/`tool_choice` (openai-compatible dist/index.js:556-563) and streams `delta.tool_calls`
  //   by index (:730-772, :890-899);
  // - parallel tools: nothing in the package or its docs says one answer cannot carry several calls, and the
  //   chunk parser keeps a call per `index`;
  // - reasoning: the docs name Together's reasoning models (DeepSeek-R1), and the chunk parser reads
  //   `delta.reasoning_content ?? delta.reasoning` (:877);
  // - server tools (streamText's agent loop): tool results go back as `role: tool` messages (:290-316);
  // - abort: the abortSignal reaches fetch (:723).
  // The docs give "Object Generation" to every model listed, and the package's one structured-output mechanism is
  // response_format json_schema (openai-compatible :581-590): the native mechanism only (no tool mode, no
  // system-message instruction). createTogetherAI sets supportsStructuredOutputs for one model id only
  // (deepseek-ai/DeepSeek-V4-Flash-0731, :326-328, :358); for any other id the schema is dropped for
  // {type: 'json_object'} with an 'unsupported' warning (:549-555, :590).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createTogetherAI }, c) =>
    createTogetherAI({ baseURL: c.baseURL, apiKey: 'together-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
