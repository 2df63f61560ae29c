#!/usr/bin/env node
// The AI SDK on Cerebras: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/cerebras` 3, whose default
// model `cerebras(modelId)` is CerebrasChatLanguageModel (@ai-sdk/cerebras 3.0.59 dist/index.js:165-176), a
// subclass of its own @ai-sdk/openai-compatible 3.0.59's chat model (:25), streaming `POST {baseURL}/chat/completions`
// (openai-compatible dist/index.js:701-705; Cerebras's API is Chat Completions-shaped at https://api.cerebras.ai/v1,
// cerebras :151-153), against the mock server's Chat Completions route, emitting ai 7's UI message stream
// (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's; only the provider, the name and the
// declarations below differ. `ai` 7 and `@ai-sdk/cerebras` 3 declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-cerebras.mjs" --dialect=openai-chat
//
// The provider reads reasoning from `delta.reasoning_content ?? delta.reasoning` (openai-compatible
// dist/index.js:863): the mock's default field is read, so no X-Mock-Reasoning header is needed.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/cerebras',
  name: 'ai-sdk7-cerebras',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The kit has no Cerebras flavour, and docs/adapters.md tells a newcomer to declare `server: other` for a
  // client written for one vendor's Chat Completions server that has none, naming @ai-sdk/cerebras as its
  // example. The client is that: createCerebras hard-wires Cerebras's URL, error body (:100-109, a top-level
  // {message, type, param, code}) and request shape (transformCerebrasRequestBody, :110-149: max_completion_tokens,
  // `reasoning` in place of `reasoning_content` on assistant messages). It is no client "meant for any
  // OpenAI-compatible server" (that is @ai-sdk/openai-compatible itself), so leaving `server` out would be wrong.
  // Since (session 26): the kit's `cerebras` flavour is that `other` plus what Cerebras's chunk type requires
  // (system_fingerprint on every chunk, `type` on every tool-call delta, its closed finish_reason), the server this
  // client is written for.
  server: 'cerebras',
  // 'multimodal' is image + PDF input. The package's docs give "Image Input" for one of its two models
  // (gemma-4-31b; not gpt-oss-120b) and say nothing of PDFs or documents anywhere; the provider would send a PDF
  // as OpenAI's `file` part (openai-compatible dist/index.js:202-216) without any sign the Cerebras API takes it.
  // What the docs do not give a newcomer does not declare.
  lacks: ['multimodal'],
  // Tools, tool streaming and reasoning the docs table gives both models; parallel tool calls are the
  // `parallelToolCalls` option ("Defaults to `true`"). Those stay declared (the harness's default features).
  // createCerebras sets supportsStructuredOutputs (:172), so a schema goes out as response_format json_schema
  // (openai-compatible dist/index.js:572-579; strictJsonSchema "Defaults to `true`" in the docs): the native
  // mechanism only (no tool mode, no system-message instruction).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createCerebras }, c) =>
    createCerebras({ baseURL: c.baseURL, apiKey: 'csk-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
