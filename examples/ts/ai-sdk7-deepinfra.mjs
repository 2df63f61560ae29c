#!/usr/bin/env node
// The AI SDK on DeepInfra: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/deepinfra` 3, whose default model
// `deepInfra(modelId)` is a DeepInfraChatLanguageModel (@ai-sdk/deepinfra 3.0.57 dist/index.js:353-358, :371), a
// subclass of its own nested @ai-sdk/openai-compatible 3.0.57's OpenAICompatibleChatLanguageModel (:195) that
// re-wraps doStream's part stream to correct Gemini/Gemma usage (:273-325), streaming `POST {baseURL}/openai/chat/
// completions` (url `${baseURL}/openai${path}`, :349; openai-compatible 3.0.57 dist/index.js:701-705), against the
// mock server's Chat Completions route, emitting ai 7's UI message stream (`ui-message-stream@7`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the name and the declarations below differ. `ai` 7 declares
// node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-deepinfra.mjs" --dialect=openai-chat
//
// Where the provider sends a request: DeepInfra's OpenAI-compatible endpoints live under `{baseURL}/openai`
// (docs/11-deepinfra.mdx, `baseURL`: "Language models and embeddings use OpenAI-compatible endpoints at
// `{baseURL}/openai`"), so no `baseURL` makes the chat model post to the mock's /v1/chat/completions. The harness
// gives the mock's /v1 as `baseURL` and a `fetch` (the provider setting the docs offer "as a middleware to intercept
// requests, or ... for e.g. testing") that drops the `/openai` segment; body, headers and signal pass unchanged.
// The provider reads reasoning from `delta.reasoning_content ?? delta.reasoning` (openai-compatible 3.0.57
// dist/index.js:863): the mock's default field is read, so no X-Mock-Reasoning header is needed.
const toMock = (url) => String(url).replace('/v1/openai/', '/v1/');

globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/deepinfra',
  name: 'ai-sdk7-deepinfra',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The kit has no DeepInfra flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none. The client is
  // that: createDeepInfra hard-wires DeepInfra's URL and its `/openai` path (:333-335, :349), its API key variable
  // (DEEPINFRA_API_KEY, :338-342) and a usage correction for how DeepInfra counts Gemini/Gemma reasoning tokens
  // (:205-242). It keeps openai-compatible's default error body (OpenAI's {error: {message, type, param, code}},
  // openai-compatible :49-63) and request shape, but it is no client "meant for any OpenAI-compatible server" (that
  // is @ai-sdk/openai-compatible itself), so leaving `server` out would be wrong.
  server: 'other',
  // 'multimodal' is image + PDF input. The package's docs (docs/11-deepinfra.mdx, "Model Capabilities") give
  // "Image Input" to 4 of the 24 models listed and say nothing of PDFs or documents for language models; the
  // provider would send a PDF as OpenAI's `file` part (openai-compatible 3.0.57 dist/index.js:196-215) without any
  // sign the DeepInfra API takes it. What the docs do not give a newcomer does not declare.
  lacks: ['multimodal'],
  // Kept (the harness's default features):
  // - tools and tool streaming: the docs table gives "Tool Usage" to 11 of the 24 models and "Tool Streaming" to 8;
  //   the chat model sends `tools`/`tool_choice` (openai-compatible dist/index.js:548-553, :601) and streams
  //   `delta.tool_calls` by index (:716-772, :897);
  // - parallel tools: nothing in the package or its docs says one answer cannot carry several calls, and the
  //   chunk parser keeps a call per `index`;
  // - reasoning: the docs list DeepSeek-R1 and its distills, the provider corrects reasoning-token usage
  //   (:205-242), and the chunk parser reads `delta.reasoning_content ?? delta.reasoning` (:863);
  // - server tools (streamText's agent loop): tool results go back as `role: tool` messages (:309);
  // - abort: the abortSignal reaches fetch (:712), through the harness's `fetch` unchanged.
  // createDeepInfra sets supportsStructuredOutputs for every chat model (:356), and the docs give "Object
  // Generation" to 16 of the 24 models: a schema goes out as response_format json_schema (openai-compatible
  // :572-580), the native mechanism only (no tool mode, no system-message instruction).
  structured_modes: ['native'],
  model: ({ createDeepInfra }, c) =>
    createDeepInfra({ baseURL: c.baseURL, apiKey: 'deepinfra-conformance', headers: c.headers,
      fetch: (url, init) => globalThis.fetch(toMock(url), init) })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
