#!/usr/bin/env node
// The AI SDK 6 on Gemini with ai 6's own provider generation: `streamText` (`ai` 6.0.326) over
// `@ai-sdk/google` 3.0.141 (npm alias `ai6-google`), whose model streams
// `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse` (ai6-google dist/index.mjs:2694), against
// the mock server's Gemini route, emitting ai 6's UI message stream (`ui-message-stream`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the wire and the name differ. The ai 7 generation
// of the same provider (@ai-sdk/google 4) is ai-sdk7-google.mjs.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-google.mjs" --dialect=gemini
globalThis.SAC_AISDK = {
  ai: 'ai',
  provider: 'ai6-google',
  name: 'ai-sdk6-google',
  output: 'ui-message-stream',
  inputs: ['gemini'],
  // The Gemini API's version prefix is part of the provider's baseURL (its default ends in /v1beta).
  model: ({ createGoogleGenerativeAI }, c) =>
    createGoogleGenerativeAI({ baseURL: `${c.upstream.base_url.replace(/\/$/, '')}/v1beta`, apiKey: 'conformance',
      headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
