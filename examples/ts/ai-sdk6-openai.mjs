#!/usr/bin/env node
// The AI SDK 6 on OpenAI's default path with ai 6's own provider generation: `streamText` (`ai` 6.0.326)
// over `@ai-sdk/openai` 3.0.141 (npm alias `ai6-openai`), whose default model `openai(modelId)` is the
// Responses API (ai6-openai dist/index.mjs:8850, `createResponsesModel`; it streams `POST {baseURL}/responses`,
// :7234; the default baseURL carries the /v1 prefix, :8793), against the mock server's `POST /v1/responses`,
// emitting ai 6's UI message stream (`ui-message-stream`). The code is ai-sdk-openai-compatible.mjs's; only
// the provider, the wire and the name differ. The ai 7 generation of the same provider (@ai-sdk/openai 4)
// is ai-sdk7-openai.mjs.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-openai.mjs" --dialect=openai-responses
globalThis.SAC_AISDK = {
  ai: 'ai',
  provider: 'ai6-openai',
  name: 'ai-sdk6-openai',
  output: 'ui-message-stream',
  inputs: ['openai-responses'],
  // c.baseURL is the mock server's /v1 (the Responses route is /v1/responses).
  model: ({ createOpenAI }, c) =>
    createOpenAI({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
