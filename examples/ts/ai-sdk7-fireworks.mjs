#!/usr/bin/env node
// The AI SDK on Fireworks: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/fireworks` 3, whose default
// model `fireworks(modelId)` is an OpenAICompatibleChatLanguageModel of its own nested @ai-sdk/openai-compatible
// 3.0.59 (@ai-sdk/fireworks 3.0.62 dist/index.js:435-440, :494-498), streaming `POST {baseURL}/chat/completions`
// (openai-compatible 3.0.59 dist/index.js:701-705; Fireworks's API is Chat Completions-shaped at
// https://api.fireworks.ai/inference/v1, fireworks :415), against the mock server's Chat Completions route,
// emitting ai 7's UI message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's; only the
// provider, the name and the declarations below differ. `ai` 7 declares node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-fireworks.mjs" --dialect=openai-chat
//
// The provider reads reasoning from `delta.reasoning_content ?? delta.reasoning` (openai-compatible 3.0.59
// dist/index.js:863): the mock's default field is read, so no X-Mock-Reasoning header is needed.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/fireworks',
  name: 'ai-sdk7-fireworks',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The kit has no Fireworks flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none. The client is
  // that: createFireworks hard-wires Fireworks's URL (:415), its error body (fireworksErrorSchema, :399-414:
  // `{error: string | {message, object, type, param, code}}`) and request shape (transformRequestBody, :441-477:
  // Fireworks's three reasoning_effort levels, `thinking`, `reasoning_history`, `prompt_cache_key`,
  // `service_tier`). It is no client "meant for any OpenAI-compatible server" (that is @ai-sdk/openai-compatible
  // itself), so leaving `server` out would be wrong.
  server: 'other',
  // 'multimodal' is image + PDF input. The package's docs (docs/26-fireworks.mdx, "Model Capabilities") give
  // "Image Input" to 3 of the 21 models listed and say nothing of PDFs or documents anywhere; the provider would
  // send a PDF as OpenAI's `file` part (openai-compatible 3.0.59 dist/index.js:202-216) without any sign the
  // Fireworks API takes it. What the docs do not give a newcomer does not declare.
  lacks: ['multimodal'],
  // Kept (the harness's default features):
  // - tools and tool streaming: the docs table gives "Tool Usage" to 17 of the 21 models and "Tool Streaming" to
  //   some; the chat model sends `tools`/`tool_choice` (openai-compatible dist/index.js:548-553) and streams
  //   `delta.tool_calls` by index (:718-760, :876-885);
  // - parallel tools: nothing in the package or its docs says one answer cannot carry several calls, and the
  //   chunk parser keeps a call per `index`;
  // - reasoning: the docs' provider options (`thinking`, `reasoningHistory`) and their example read
  //   `reasoningText` from kimi-k2p6; the chunk parser reads `delta.reasoning_content ?? delta.reasoning` (:863);
  // - server tools (streamText's agent loop): tool results go back as `role: tool` messages (:286-310);
  // - abort: the abortSignal reaches fetch (:712).
  // createFireworks sets supportsStructuredOutputs (:440), so a schema goes out as response_format json_schema
  // (openai-compatible dist/index.js:572-579): the native mechanism only (no tool mode, no system-message
  // instruction).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createFireworks }, c) =>
    createFireworks({ baseURL: c.baseURL, apiKey: 'fw-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
