#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on Together AI's Chat Completions API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of @voltagent/core
// 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the model differs:
// `@ai-sdk/togetherai` 2.0.84's `createTogetherAI({baseURL, apiKey})(id)`, its default (chat) model, an
// OpenAICompatibleChatLanguageModel of its own nested @ai-sdk/openai-compatible 2.0.78 (createChatModel,
// dist/index.mjs:316-321, :338), which streams `POST {baseURL}/chat/completions` (openai-compatible dist/index.mjs
// :649; the default baseURL is https://api.together.xyz/v1/, togetherai :294), pointed at the mock server's Chat
// Completions route. VoltAgent's registry builds `togetherai/<model>` with @ai-sdk/togetherai's createTogetherAI
// (@voltagent/core dist/index.mjs:4365) and its package.json depends on it (^2.0.13); the install's copy, 2.0.84
// (the ai 6 generation: LanguageModelV3, `provider.specificationVersion = "v3"`, :339; @ai-sdk/provider 3.0.17, its
// own nested @ai-sdk/provider-utils 4.0.54 and @ai-sdk/openai-compatible 2.0.78), is the one @voltagent/core 2.10.0
// resolves, and package.json names it directly.
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-togetherai.mjs" --conformance-dialect=openai-chat
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-togetherai',
  inputs: ['openai-chat'],
  // 'reasoning': the chat model reads `delta.reasoning_content ?? delta.reasoning` (openai-compatible 2.0.78
  // dist/index.mjs:753), and the package's docs name Together's reasoning model (deepseek-ai/DeepSeek-R1, "Reasoning
  // Models", docs/24-togetherai.mdx:81-95); VoltAgent's toUIMessageStream is ai's with its defaults (sendReasoning
  // true). The mock's default field is read: no X-Mock-Reasoning header is needed. The ai-sdk7-togetherai harness
  // declares the same.
  features: ['reasoning'],
  // 'multimodal' is image + PDF input. The package's docs give "Image Input" to 3 of the 8 models listed
  // (docs/24-togetherai.mdx:117-128) and say nothing of PDFs; the provider would send a PDF as OpenAI's `file` part
  // (openai-compatible :168-180) with no sign the Together API takes it. The ai-sdk7-togetherai harness declares the
  // same.
  lacks: ['multimodal'],
  // The kit has no Together flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none, naming
  // @ai-sdk/togetherai as its example: createTogetherAI hard-wires Together's URL (:294), its API key variable
  // (TOGETHER_API_KEY, with TOGETHER_AI_API_KEY deprecated, :276-305) and its provider name. It keeps
  // openai-compatible's default error body (OpenAI's {error: {message, type, param, code}}) and request shape, but it
  // is no client "meant for any OpenAI-compatible server". The ai-sdk7-togetherai harness declares the same.
  server: 'other',
  // The docs give "Object Generation" to every model listed (:117-128), and the package's one structured-output
  // mechanism is response_format json_schema (openai-compatible :520-527): the native mechanism only (no tool mode,
  // no system-message instruction). createTogetherAI 2.0.84 never sets supportsStructuredOutputs (createChatModel,
  // :316-321; the model's default is false, openai-compatible :418), so the schema is dropped for
  // {type: 'json_object'} with an 'unsupported' warning (:488-494, :528). VoltAgent's `output: Output.object(...)` is
  // ai's, which hands the schema to the model as responseFormat. The ai-sdk7-togetherai harness declares the same.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: async (c) => {
    const { createTogetherAI } = await import('@ai-sdk/togetherai')
    return createTogetherAI({ baseURL: c.baseURL, apiKey: 'together-conformance', headers: c.headers })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
