#!/usr/bin/env node
// The AI SDK on DeepSeek: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/deepseek` 3, whose default
// model `deepseek(modelId)` is its chat model (@ai-sdk/deepseek 3.0.56 dist/index.js:1475-1491),
// streaming `POST {baseURL}/chat/completions` (:1053-1060; DeepSeek's API is Chat Completions-shaped
// at https://api.deepseek.com), against the mock server's Chat Completions route, emitting ai 7's UI
// message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's; only the
// provider, the name and the declarations below differ. `ai` 7 declares node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-deepseek.mjs" --dialect=openai-chat
//
// DeepSeek streams reasoning in `delta.reasoning_content` (dist/index.js:1157), the mock's default
// reasoning field: no X-Mock-Reasoning header is needed.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/deepseek',
  name: 'ai-sdk7-deepseek',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The server @ai-sdk/deepseek is written for: the kit runs none of another server's habits against it
  // (OpenAI's delta.refusal, OpenRouter's error chunk and reasoning fields, a late call id). The first run
  // declared none (the kit had no DeepSeek flavour then): 5 suite errors, its first_run record.
  server: 'deepseek',
  // 'multimodal' is image + PDF input: DeepSeek takes JPEG/PNG/GIF/WebP images only (the package's docs,
  // "DeepSeek accepts JPEG, PNG, GIF, and WebP image inputs"); the provider drops any other file part
  // with an 'unsupported' warning (dist/index.js:231-234, :316-320).
  lacks: ['multimodal'],
  // createDeepSeek never sets supportsStructuredOutputs (dist/index.js:1476-1483), so a schema goes into a
  // system message beside response_format json_object (:171-187, :944-952): the instruction mechanism only.
  structured_modes: ['instruction'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createDeepSeek }, c) =>
    createDeepSeek({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
