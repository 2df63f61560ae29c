#!/usr/bin/env node
// The AI SDK on Mistral: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/mistral` 4, whose default
// model `mistral(modelId)` is its chat model, streaming `POST {baseURL}/chat/completions`
// (@ai-sdk/mistral 4.0.87 dist/index.js:737, :3109; Mistral's API is Chat Completions-shaped at
// https://api.mistral.ai/v1), against the mock server's Chat Completions route, emitting ai 7's UI
// message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's; only the provider
// and the name differ. `ai` 7 and `@ai-sdk/mistral` 4 declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-mistral.mjs" --dialect=openai-chat
//
// Mistral streams reasoning as `thinking` content chunks inside `delta.content` (an array; the
// provider reads them at dist/index.js:793-816), not in any reasoning field. The first run had no
// such dialect in the mock (its first_run record: 8 reasoning cases were suite errors); the harness
// now asks for it with `X-Mock-Reasoning: thinking-chunks` (docs/mock-provider.md, "Provider quirks").
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/mistral',
  name: 'ai-sdk7-mistral',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The server @ai-sdk/mistral is written for: the kit runs none of another server's habits against it
  // (OpenAI's delta.refusal, OpenRouter's error chunk, a late call id) and the mock answers in Mistral's shapes.
  server: 'mistral',
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createMistral }, c) =>
    createMistral({ baseURL: c.baseURL, apiKey: 'conformance',
      headers: { ...c.headers, 'X-Mock-Reasoning': 'thinking-chunks' } })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
