#!/usr/bin/env node
// The AI SDK 5 over Chat Completions with ai 5's own provider generation: `streamText` (`ai` 5.0.277, npm alias
// `ai5`) over `@ai-sdk/openai-compatible` 1.0.61 (npm alias `ai5-openai-compatible`), `createOpenAICompatible(...)
// .chatModel(modelId)` against the mock server's `POST /v1/chat/completions`, emitting ai 5's UI message stream
// (`ui-message-stream@5`). The code is ai-sdk-openai-compatible.mjs's (its default model, with
// supportsStructuredOutputs: true; 1.0.61 falls back to json_object without it, dist/index.mjs:349, :376-383); only the
// packages, the name, the declared output and the structured-output option differ (ai 5 calls it
// `experimental_output`). No `server`: like the ai 6 generation (ai-sdk-openai-compatible.mjs, @ai-sdk/openai-compatible
// 2) and the ai 7 one (ai-sdk7-openai-compatible.mjs, 3), it is written for any Chat Completions server.
//
// Output protocol: `ui-message-stream@5`, ai 5.0.277's chunk schema and reader (conformance/protocols/
// ui_message_stream5.py).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk5-openai-compatible.mjs" --dialect=openai-chat
globalThis.SAC_AISDK = {
  ai: 'ai5',
  provider: 'ai5-openai-compatible',
  name: 'ai-sdk5-openai-compatible',
  output: 'ui-message-stream@5',
  // ai 5's streamText takes an Output as `experimental_output` (ai5 dist/index.mjs:4918, whose experimental_output becomes
  // `output` in ai 6); it ignores `output`.
  outputOption: 'experimental_output',
  // 1.0.61 takes images only: a PDF file part throws UnsupportedFunctionalityError 'file part media type
  // application/pdf' before any request (dist/index.mjs:69-71; PDF parts came with 2.x). The first run declared it
  // (text.multimodal.001 FAIL, class harness).
  lacks: ['multimodal'],
};
await import('./ai-sdk-openai-compatible.mjs');
