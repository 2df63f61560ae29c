#!/usr/bin/env node
// The AI SDK 6 on Vercel's v0 API: `streamText` (`ai` 6.0.326) over `@ai-sdk/vercel` 2.0.78, whose model
// `vercel(modelId)` is an OpenAICompatibleChatLanguageModel of its own nested @ai-sdk/openai-compatible 2.0.76
// (@ai-sdk/vercel 2.0.78 dist/index.mjs:38-43; the ai 6 generation, LanguageModelV3, provider
// specificationVersion 'v3', :44), streaming `POST {baseURL}/chat/completions` (url `${baseURL}${path}`, :34;
// openai-compatible 2.0.76 dist/index.mjs:646-658; the v0 API is Chat Completions-shaped at https://api.v0.dev/v1,
// vercel :19), against the mock server's Chat Completions route, emitting ai 6's UI message stream
// (`ui-message-stream`). The code is ai-sdk-openai-compatible.mjs's; only the provider, the name and the
// declarations below differ.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-vercel.mjs" --dialect=openai-chat
//
// The provider reads reasoning from `delta.reasoning_content ?? delta.reasoning` (openai-compatible 2.0.76
// dist/index.mjs:753): the mock's default field is read, so no X-Mock-Reasoning header is needed.
globalThis.SAC_AISDK = {
  ai: 'ai',
  provider: '@ai-sdk/vercel',
  name: 'ai-sdk6-vercel',
  output: 'ui-message-stream',
  inputs: ['openai-chat'],
  // The kit has no Vercel (v0) flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none. The client is
  // that: createVercel hard-wires the v0 API's URL (:18-20) and its API key variable (VERCEL_API_KEY, :21-31); it
  // keeps openai-compatible's default error body (OpenAI's {error: {message, type, param, code}}) and request shape,
  // but it is no client "meant for any OpenAI-compatible server" (that is @ai-sdk/openai-compatible itself), so
  // leaving `server` out would be wrong.
  server: 'other',
  // 'multimodal' is image + PDF input. The package's docs (docs/02-vercel.mdx) give every v0 model "text and image
  // inputs" and say nothing of PDFs or documents; the provider would send a PDF as OpenAI's `file` part
  // (openai-compatible 2.0.76 dist/index.mjs:160-180) without any sign the v0 API takes it. What the docs do not
  // give a newcomer does not declare.
  lacks: ['multimodal'],
  // Kept (the harness's default features):
  // - tools and tool streaming: the docs ("Supports function/tool calls"; the table gives "Tool Usage" and "Tool
  //   Streaming" to all three models); the chat model sends `tools`/`tool_choice` (openai-compatible
  //   dist/index.mjs:546-547) and streams `delta.tool_calls` by index (:766-776);
  // - parallel tools: nothing in the package or its docs says one answer cannot carry several calls, and the chunk
  //   parser keeps a call per `index`;
  // - reasoning: the docs give v0-1.5-lg "advanced thinking or reasoning", and the chunk parser reads
  //   `delta.reasoning_content ?? delta.reasoning` (:753);
  // - server tools (streamText's agent loop): tool results go back as `role: tool` messages (:273);
  // - abort: the abortSignal reaches fetch (:658).
  // The docs give "Object Generation" to every model, and the package's one structured-output mechanism is
  // response_format: the native mechanism only (no tool mode, no system-message instruction). createVercel does not
  // set supportsStructuredOutputs (default false, openai-compatible :418), so a schema is dropped for
  // {type: 'json_object'} with an 'unsupported' warning (:488-494, :520-529).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createVercel }, c) =>
    createVercel({ baseURL: c.baseURL, apiKey: 'v0-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
