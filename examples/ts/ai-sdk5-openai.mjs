#!/usr/bin/env node
// The AI SDK 5 on OpenAI's default path with ai 5's own provider generation: `streamText` (`ai` 5.0.277, npm
// alias `ai5`) over `@ai-sdk/openai` 2.0.131 (npm alias `ai5-openai`), whose default model `openai(modelId)` is
// the Responses API (ai5-openai dist/index.mjs:5305, `createResponsesModel`; it streams `POST {baseURL}/responses`, :3971;
// the default baseURL carries the /v1 prefix, :5248), against the mock server's `POST /v1/responses`, emitting ai 5's
// UI message stream (`ui-message-stream@5`). The code is ai-sdk-openai-compatible.mjs's; only the packages, the wire, the name and the
// structured-output option differ (ai 5 calls it `experimental_output`). The ai 6 generation of the same
// provider (@ai-sdk/openai 3) is ai-sdk6-openai.mjs, the ai 7 one (@ai-sdk/openai 4) ai-sdk7-openai.mjs.
//
// Output protocol: `ui-message-stream@5`, ai 5.0.277's chunk schema and reader (conformance/protocols/
// ui_message_stream5.py; until session 26 the stream was graded as ai 6's, docs/findings-ai-sdk5-openai.md).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk5-openai.mjs" --dialect=openai-responses
globalThis.SAC_AISDK = {
  ai: 'ai5',
  provider: 'ai5-openai',
  name: 'ai-sdk5-openai',
  output: 'ui-message-stream@5',
  inputs: ['openai-responses'],
  // ai 5's streamText takes an Output as `experimental_output` (ai5 dist/index.mjs:4906 streamText, whose experimental_output becomes `output` in ai 6);
  // it ignores `output`.
  outputOption: 'experimental_output',
  // c.baseURL is the mock server's /v1 (the Responses route is /v1/responses).
  model: ({ createOpenAI }, c) =>
    createOpenAI({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
