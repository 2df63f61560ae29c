#!/usr/bin/env node
// The AI SDK on Gemini: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/google` 4, whose model
// streams `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse` (@ai-sdk/google 4.0.121
// dist/index.js:2416), against the mock server's Gemini route, emitting ai 7's UI message stream
// (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's; only the provider, the wire
// and the name differ. `ai` 7 and `@ai-sdk/google` 4 declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-google.mjs" --dialect=gemini
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/google',
  name: 'ai-sdk7-google',
  output: 'ui-message-stream@7',
  inputs: ['gemini'],
  // The Gemini API's version prefix is part of the provider's baseURL (its default ends in /v1beta).
  model: ({ createGoogleGenerativeAI }, c) =>
    createGoogleGenerativeAI({ baseURL: `${c.upstream.base_url.replace(/\/$/, '')}/v1beta`, apiKey: 'conformance',
      headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
