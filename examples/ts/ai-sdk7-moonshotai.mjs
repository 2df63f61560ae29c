#!/usr/bin/env node
// The AI SDK on Moonshot AI (Kimi): `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/moonshotai` 3, whose
// default model `moonshotai(modelId)` is its own chat model (@ai-sdk/moonshotai 3.0.60 dist/index.js:1377-1390;
// no @ai-sdk/openai-compatible dependency), streaming `POST {baseURL}/chat/completions` (:1176-1178; the
// Kimi API is Chat Completions-shaped at https://api.moonshot.ai/v1, :1360), against the mock server's Chat
// Completions route, emitting ai 7's UI message stream (`ui-message-stream@7`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the name and the declarations below differ. `ai` 7
// declares node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-moonshotai.mjs" --dialect=openai-chat
//
// Kimi streams reasoning in `delta.reasoning_content` (dist/index.js:1268), the only reasoning field the
// provider reads and the mock's default: no X-Mock-Reasoning header is needed.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/moonshotai',
  name: 'ai-sdk7-moonshotai',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The server @ai-sdk/moonshotai is written for: the kit runs none of another server's habits against it
  // (OpenAI's delta.refusal, OpenRouter's error chunk, a late call id, a reasoning field other than
  // reasoning_content). The first run declared none (the kit had no Moonshot flavour then): 4 suite errors,
  // its first_run record.
  server: 'moonshot',
  // 'multimodal' is image + PDF input: the provider sends images and videos only and throws
  // UnsupportedFunctionalityError for any other file part, a PDF included (dist/index.js:498-500).
  lacks: ['multimodal'],
  // The provider's structured-output mechanism is response_format json_schema (dist/index.js:1040-1049,
  // the `strictJsonSchema` option of its types); it falls back to json_object without the schema when the
  // model id is not one it lists (getModelStructuredOutputSupport, :1040, :1051, :1361-1363).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createMoonshotAI }, c) =>
    createMoonshotAI({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
