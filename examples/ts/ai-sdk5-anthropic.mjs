#!/usr/bin/env node
// The AI SDK 5 on Anthropic with ai 5's own provider generation: `streamText` (`ai` 5.0.277, npm alias `ai5`)
// over `@ai-sdk/anthropic` 2.0.112 (npm alias `ai5-anthropic`), whose model streams `POST {baseURL}/messages`
// (ai5-anthropic dist/index.mjs:3327; the default baseURL carries the /v1 prefix, :5212), against the mock
// server's Anthropic route, emitting ai 5's UI message stream (`ui-message-stream@5`). The code is
// ai-sdk-openai-compatible.mjs's; only the packages, the wire, the name and the structured-output option differ
// (ai 5 calls it `experimental_output`). The ai 6 generation of the same provider (@ai-sdk/anthropic 3) is
// ai-sdk6-anthropic.mjs, the ai 7 one (@ai-sdk/anthropic 4) ai-sdk7-anthropic.mjs.
//
// Output protocol: `ui-message-stream@5`, ai 5.0.277's chunk schema and reader (conformance/protocols/
// ui_message_stream5.py).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk5-anthropic.mjs" --dialect=anthropic
globalThis.SAC_AISDK = {
  ai: 'ai5',
  provider: 'ai5-anthropic',
  name: 'ai-sdk5-anthropic',
  output: 'ui-message-stream@5',
  inputs: ['anthropic'],
  // ai 5's streamText takes an Output as `experimental_output` (ai5 dist/index.mjs:4906 streamText); it ignores `output`.
  outputOption: 'experimental_output',
  // c.baseURL is the mock server's /v1 (the Messages route is /v1/messages). The model id (`scenario:<id>`) is
  // not one the provider knows: it sends max_tokens 4096 (dist/index.mjs:4633-4644, the fallback capabilities).
  model: ({ createAnthropic }, c) =>
    createAnthropic({ baseURL: c.baseURL, apiKey: 'sk-ant-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
