#!/usr/bin/env node
// The AI SDK on OpenAI's Chat Completions model: `streamText` (ai 7, npm alias `ai7`) over
// `@ai-sdk/openai` 4's `openai.chat(modelId)` (@ai-sdk/openai 4.0.118 dist/index.js:2012
// OpenAIChatLanguageModel, streaming `POST {baseURL}/chat/completions` at :2297), not the default
// Responses model that ai-sdk7-openai.mjs runs, against the mock server's Chat Completions route,
// emitting ai 7's UI message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's;
// only the provider, the model factory, the name and the declared features differ. `ai` 7 and
// `@ai-sdk/openai` 4 declare node >= 22; they run on Node 20 (npm warns EBADENGINE at install).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-openai-chat.mjs" --dialect=openai-chat
//
// No 'reasoning': OpenAI's Chat Completions API streams no reasoning text (reasoning models report
// only usage.completion_tokens_details.reasoning_tokens), and the chat model reads content, refusal,
// tool_calls and annotations of a delta only (dist/index.js:2398-2427); no reasoning field exists in
// its chunk schema (:1758-1808). Reasoning over OpenAI is the Responses model's (ai-sdk7-openai.mjs).
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/openai',
  name: 'ai-sdk7-openai-chat',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  lacks: ['reasoning'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createOpenAI }, c) =>
    createOpenAI({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers }).chat(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
