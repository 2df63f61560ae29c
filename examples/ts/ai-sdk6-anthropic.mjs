#!/usr/bin/env node
// The AI SDK 6 on Anthropic with ai 6's own provider generation: `streamText` (`ai` 6.0.326) over
// `@ai-sdk/anthropic` 3.0.140 (npm alias `ai6-anthropic`), whose model streams `POST {baseURL}/messages`
// (ai6-anthropic dist/index.mjs:4805; the default baseURL carries the /v1 prefix, :7196), against the
// mock server's Anthropic route, emitting ai 6's UI message stream (`ui-message-stream`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the wire and the name differ. The ai 7 generation
// of the same provider (@ai-sdk/anthropic 4) is ai-sdk7-anthropic.mjs.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-anthropic.mjs" --dialect=anthropic
globalThis.SAC_AISDK = {
  ai: 'ai',
  provider: 'ai6-anthropic',
  name: 'ai-sdk6-anthropic',
  output: 'ui-message-stream',
  inputs: ['anthropic'],
  // c.baseURL is the mock server's /v1 (the Messages route is /v1/messages). The model id
  // (`scenario:<id>`) is not one the provider knows: it sends max_tokens 4096 and warns (dist/index.mjs:4248).
  model: ({ createAnthropic }, c) =>
    createAnthropic({ baseURL: c.baseURL, apiKey: 'sk-ant-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
