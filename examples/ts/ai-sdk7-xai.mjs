#!/usr/bin/env node
// The AI SDK on xAI (Grok): `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/xai` 5, whose default
// model `xai(modelId)` is its Responses model (@ai-sdk/xai 5.0.12 dist/index.js:5402-5405, every
// language-model factory is `createResponsesLanguageModel`; the package has no Chat Completions model any
// more; its docs: "The xAI Responses API is the default when using `xai(modelId)` (since AI SDK 7)"),
// streaming `POST {baseURL}/responses` (dist/index.js:2048), against the mock server's
// `POST /v1/responses`, emitting ai 7's UI message stream (`ui-message-stream@7`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the wire and the name differ. `ai` 7 and
// `@ai-sdk/xai` 5 declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-xai.mjs" --dialect=openai-responses
//
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/xai',
  name: 'ai-sdk7-xai',
  output: 'ui-message-stream@7',
  inputs: ['openai-responses'],
  // xAI's Responses server (mock_provider.servers 'xai'): it has no OpenAI background queue or compaction
  // items, so neither is played to it. The first run declared none (the kit had no xAI flavour then): its
  // text.queued.001 suite error, in the first_run record.
  server: 'xai',
  // 'multimodal' is image + PDF input as inline data: the provider refuses a non-image file part given
  // as data before any request ("xAI Responses requires a URL or a Files API reference for non-image
  // files", dist/index.js:434-437); its docs list image input only (docs/01-xai.mdx, model table).
  lacks: ['multimodal'],
  // c.baseURL is the mock server's /v1 (the Responses route is /v1/responses).
  model: ({ createXai }, c) =>
    createXai({ baseURL: c.baseURL, apiKey: 'xai-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
