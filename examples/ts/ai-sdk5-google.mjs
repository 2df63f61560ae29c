#!/usr/bin/env node
// The AI SDK 5 on Gemini with ai 5's own provider generation: `streamText` (`ai` 5.0.277, npm alias `ai5`) over
// `@ai-sdk/google` 2.0.108 (npm alias `ai5-google`), whose model streams
// `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse` (ai5-google dist/index.mjs:1742; the default
// baseURL ends in /v1beta, :2675), against the mock server's Gemini route, emitting ai 5's UI message stream
// (`ui-message-stream@5`). The code is ai-sdk-openai-compatible.mjs's; only the packages, the wire, the name and
// the structured-output option differ (ai 5 calls it `experimental_output`). The ai 6 generation of the same
// provider (@ai-sdk/google 3) is ai-sdk6-google.mjs, the ai 7 one (@ai-sdk/google 4) ai-sdk7-google.mjs.
//
// Output protocol: `ui-message-stream@5`, ai 5.0.277's chunk schema and reader (conformance/protocols/
// ui_message_stream5.py).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk5-google.mjs" --dialect=gemini
globalThis.SAC_AISDK = {
  ai: 'ai5',
  provider: 'ai5-google',
  name: 'ai-sdk5-google',
  output: 'ui-message-stream@5',
  inputs: ['gemini'],
  // ai 5's streamText takes an Output as `experimental_output` (ai5 dist/index.mjs:4906 streamText); it ignores `output`.
  outputOption: 'experimental_output',
  // The Gemini API's version prefix is part of the provider's baseURL (its default ends in /v1beta).
  model: ({ createGoogleGenerativeAI }, c) =>
    createGoogleGenerativeAI({ baseURL: `${c.upstream.base_url.replace(/\/$/, '')}/v1beta`, apiKey: 'conformance',
      headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
