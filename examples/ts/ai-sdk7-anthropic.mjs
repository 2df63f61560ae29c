#!/usr/bin/env node
// The AI SDK on Anthropic: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/anthropic` 4, whose
// model streams `POST {baseURL}/messages` (the Messages API; @ai-sdk/anthropic 4.0.105 dist/index.js:7697
// puts the /v1 version prefix in the default baseURL), against the mock server's Anthropic route,
// emitting ai 7's UI message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's;
// only the provider, the wire and the name differ. `ai` 7 and `@ai-sdk/anthropic` 4 declare
// node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-anthropic.mjs" --dialect=anthropic
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/anthropic',
  name: 'ai-sdk7-anthropic',
  output: 'ui-message-stream@7',
  inputs: ['anthropic'],
  // c.baseURL is the mock server's /v1 (the Messages route is /v1/messages). The model id
  // (`scenario:<id>`) is not one the provider knows: it sends max_tokens 4096 and warns (dist/index.js:4371).
  model: ({ createAnthropic }, c) =>
    createAnthropic({ baseURL: c.baseURL, apiKey: 'sk-ant-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
