#!/usr/bin/env node
// The AI SDK on Alibaba Cloud Model Studio (Qwen on DashScope): `streamText` (ai 7, npm alias `ai7`) over
// `@ai-sdk/alibaba` 2, whose default model `alibaba(modelId)` is its own chat model (@ai-sdk/alibaba 2.0.58
// dist/index.js:1547-1553, 1566-1576: AlibabaChatLanguageModel; no @ai-sdk/openai-compatible dependency),
// streaming `POST {baseURL}/chat/completions` (:612-620; DashScope's OpenAI-compatible mode at
// https://dashscope-intl.aliyuncs.com/compatible-mode/v1, :1533), against the mock server's Chat Completions
// route, emitting ai 7's UI message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's;
// only the provider, the name and the declarations below differ. `ai` 7 declares node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-alibaba.mjs" --conformance-dialect=openai-chat
//
// Qwen's thinking mode streams reasoning in `delta.reasoning_content` (the package README, "Thinking Mode";
// the chunk schema's only reasoning field, dist/index.js:832, read at :671-690), the mock's default reasoning
// field: no X-Mock-Reasoning header is needed. The provider sends `enable_thinking` only when the caller asks
// (providerOptions.alibaba.enableThinking or ai 7's `reasoning` option, :754-786); the harness asks for
// neither, and the mock streams the scripted reasoning whatever the request says.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/alibaba',
  name: 'ai-sdk7-alibaba',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // DashScope's compatible mode is one vendor's Chat Completions server, which the kit has no flavour for:
  // docs/adapters.md tells such a client (its example: @ai-sdk/cerebras) to declare 'other', so the kit plays
  // it none of a named server's habits (OpenAI's delta.refusal, OpenRouter's error chunk, a late call id)
  // and grades no request shape only one server states.
  server: 'other',
  // 'multimodal' is image + PDF input: the provider sends images only and throws UnsupportedFunctionalityError
  // ("Only image file parts are supported") for any other file part, a PDF included (dist/index.js:243-259).
  lacks: ['multimodal'],
  // Both mechanisms the provider has: response_format json_schema for the Qwen ids it lists
  // (supportsJsonSchemaOutput, dist/index.js:407-418, :496), else json_object with the schema injected into the
  // system message (injectJsonInstructionIntoMessages, :497-508) and a 'compatibility' warning; no forced tool.
  structured_modes: ['native', 'instruction'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createAlibaba }, c) =>
    createAlibaba({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
