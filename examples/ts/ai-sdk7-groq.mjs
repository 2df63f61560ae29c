#!/usr/bin/env node
// The AI SDK on Groq: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/groq` 4, whose chat model
// streams `POST {baseURL}/chat/completions` (@ai-sdk/groq 4.0.84 dist/index.js:653, :1057; Groq's API
// is OpenAI's Chat Completions at https://api.groq.com/openai/v1), against the mock server's Chat
// Completions route, emitting ai 7's UI message stream (`ui-message-stream@7`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the name and one request header differ. `ai` 7
// and `@ai-sdk/groq` 4 declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-groq.mjs" --dialect=openai-chat
//
// Groq sends reasoning in `delta.reasoning` (reasoning_format 'parsed'), the field the provider reads
// (dist/index.js:727); it never reads DeepSeek's `delta.reasoning_content`, the mock's default. The
// harness asks the mock for Groq's field with `X-Mock-Reasoning: reasoning` (docs/mock-provider.md,
// "Provider quirks"), a statement about the server, as a caller pointing at Groq makes it.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/groq',
  name: 'ai-sdk7-groq',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The server @ai-sdk/groq is written for: the kit runs none of another server's habits against it
  // (OpenAI's delta.refusal, OpenRouter's error chunk, a late call id) and the mock answers in Groq's shapes.
  server: 'groq',
  // 'multimodal' is image + PDF input: @ai-sdk/groq refuses every non-image file part before any request
  // ('Non-image file content parts', dist/index.js:68); Groq's API takes images only.
  lacks: ['multimodal'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createGroq }, c) =>
    createGroq({ baseURL: c.baseURL, apiKey: 'gsk-conformance',
      headers: { ...c.headers, 'X-Mock-Reasoning': 'reasoning' } })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
