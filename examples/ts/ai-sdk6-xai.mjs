#!/usr/bin/env node
// The AI SDK 6 on xAI (Grok) with ai 6's own provider generation: `streamText` (`ai` 6.0.326) over `@ai-sdk/xai`
// 3.0.99 (npm alias `ai6-xai`; LanguageModelV3, specificationVersion 'v3', dist/index.mjs:396), whose default model
// `xai(modelId)` is its CHAT model (`provider = (modelId) => createChatLanguageModel(modelId)`, :3269; the docs:
// "By default, `xai(modelId)` uses the Chat API. To use the Responses API ... explicitly use
// `xai.responses(modelId)`", docs/01-xai.mdx:82), streaming `POST {baseURL}/chat/completions` (:615), against the
// mock server's Chat Completions route, emitting ai 6's UI message stream (`ui-message-stream`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider and the name differ. The ai 7 generation of the same provider
// (@ai-sdk/xai 5, whose default model is the Responses one) is ai-sdk7-xai.mjs.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-xai.mjs" --dialect=openai-chat
//
// xAI's chat model reads reasoning from `delta.reasoning_content` only (:744-763; its chunk schema has no other
// reasoning field, :876-897), the mock's default field: no X-Mock-Reasoning header is sent.
globalThis.SAC_AISDK = {
  ai: 'ai',
  provider: 'ai6-xai',
  name: 'ai-sdk6-xai',
  output: 'ui-message-stream',
  inputs: ['openai-chat'],
  // The server @ai-sdk/xai 3.0.99 is written for: createXai hard-wires xAI's URL https://api.x.ai/v1 (:3222) and
  // XAI_API_KEY (:3228), reads xAI's two error bodies ({error: {message, type, param, code}} and {code, error},
  // :292-307) and xAI's usage (:142-163, :828-844, no cache-write count). mock_provider/servers.py has an `xai` flavour (one
  // Server literal for both wires; docs/adapters.md names a client's server by whose server it is written for),
  // so the client declares it. The kit then plays it none of another server's habits (OpenAI's delta.refusal,
  // OpenRouter's error chunk, a late call id).
  server: 'xai',
  // 'multimodal' is image + PDF input: the chat model refuses every non-image file part before any request
  // (UnsupportedFunctionalityError `file part media type ...`, :57-66); the docs' model table lists "Image Input"
  // only (docs/01-xai.mdx:785-798).
  lacks: ['multimodal'],
  // Kept (the harness's default features): tools and tool streaming (the docs' model table, "Tool Usage", "Tool
  // Streaming"; `tools`/`tool_choice` sent, :510-511; each `delta.tool_calls` entry is read as a whole call,
  // :764-796); parallel tools (`parallel_function_calling` "Defaults to true", :236-242, docs :145); reasoning
  // (`delta.reasoning_content`, above; docs "Reasoning" column); server tools (tool results go back as
  // `role: tool` messages, :103-131); abort (the abortSignal reaches fetch, :656).
  // Structured output: the package's one mechanism is response_format, `json_schema` (strict: true) when a schema
  // is given, else `json_object` (:465-472); no tool mode and no system-message instruction: native only.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createXai }, c) =>
    createXai({ baseURL: c.baseURL, apiKey: 'xai-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
