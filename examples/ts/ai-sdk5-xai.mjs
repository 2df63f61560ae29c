#!/usr/bin/env node
// The AI SDK 5 on xAI (Grok) with ai 5's own provider generation: `streamText` (`ai` 5.0.277, npm alias `ai5`) over
// `@ai-sdk/xai` 2.0.95 (npm alias `ai5-xai`; LanguageModelV2, specificationVersion 'v2', dist/index.mjs:363), whose
// default model `xai(modelId)` is its CHAT model (`provider = (modelId) => createChatLanguageModel(modelId)`, :2544;
// `xai.responses(modelId)` is the Responses model, :2548), streaming `POST {baseURL}/chat/completions` (:596), against
// the mock server's Chat Completions route, emitting ai 5's UI message stream (`ui-message-stream@5`, ai 5.0.277's
// chunk schema and reader, conformance/protocols/ui_message_stream5.py). The code is ai-sdk-openai-compatible.mjs's;
// only the provider, the name, the declared output and the structured-output option differ (ai 5 calls it
// `experimental_output`). The ai 6 generation of the same provider (@ai-sdk/xai 3, whose default is the chat model
// too) is ai-sdk6-xai.mjs, the ai 7 one (5, whose default model is the Responses one) ai-sdk7-xai.mjs.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk5-xai.mjs" --dialect=openai-chat
//
// xAI's chat model reads reasoning from `delta.reasoning_content` only (:730-749; its chunk schema has no other
// reasoning field, :851-874), the mock's default field: no X-Mock-Reasoning header is sent.
globalThis.SAC_AISDK = {
  ai: 'ai5',
  provider: 'ai5-xai',
  name: 'ai-sdk5-xai',
  output: 'ui-message-stream@5',
  inputs: ['openai-chat'],
  // The server @ai-sdk/xai 2.0.95 is written for, as the ai 6 generation declares it: createXai hard-wires xAI's URL
  // https://api.x.ai/v1 (:2504) and XAI_API_KEY (:2510), reads xAI's two error bodies ({error: {message, type, param,
  // code}} and {code, error}, :283-302) and xAI's usage (:31-51, :802-818).
  server: 'xai',
  // 'multimodal' is image + PDF input: the chat model refuses every non-image file part before any request
  // (UnsupportedFunctionalityError `file part media type ...`, :89-92), as 3.0.99 does.
  lacks: ['multimodal'],
  // Kept (the harness's default features), as for 3.0.99: tools and tool streaming (`tools`/`tool_choice` sent,
  // :487-488; each `delta.tool_calls` entry is read as a whole call, :750-783); parallel tools
  // (`parallel_function_calling` "Defaults to true", :236-242, sent :440); reasoning (`delta.reasoning_content`,
  // above); server tools (tool results go back as `role: tool` messages, :145); abort (the abortSignal reaches fetch,
  // :637).
  // Structured output: the package's one mechanism is response_format, `json_schema` when a schema is given, else
  // `json_object` (:442-449); no tool mode and no system-message instruction: native only.
  structured_modes: ['native'],
  // ai 5's streamText takes an Output as `experimental_output` (ai5 dist/index.mjs:4918); it ignores `output`.
  outputOption: 'experimental_output',
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createXai }, c) =>
    createXai({ baseURL: c.baseURL, apiKey: 'xai-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
