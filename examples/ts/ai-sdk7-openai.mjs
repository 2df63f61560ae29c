#!/usr/bin/env node
// The AI SDK on OpenAI's default path: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/openai` 4,
// whose default model `openai(modelId)` is the Responses API (@ai-sdk/openai 4.0.118
// dist/index.js:11684, `createResponsesModel`), against the mock server's `POST /v1/responses`,
// emitting ai 7's UI message stream (`ui-message-stream@7`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the wire and the name differ. `ai` 7 and
// `@ai-sdk/openai` 4 declare node >= 22; they run on Node 20 (npm warns EBADENGINE at install).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-openai.mjs" --dialect=openai-responses
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/openai',
  name: 'ai-sdk7-openai',
  output: 'ui-message-stream@7',
  inputs: ['openai-responses'],
  // c.baseURL is the mock server's /v1 (the Responses route is /v1/responses).
  model: ({ createOpenAI }, c) =>
    createOpenAI({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
