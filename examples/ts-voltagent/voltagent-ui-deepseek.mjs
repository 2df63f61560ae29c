#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on DeepSeek's Chat Completions API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of
// @voltagent/core 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the
// model differs: `@ai-sdk/deepseek` 2.0.69's `createDeepSeek({baseURL, apiKey})(id)`, its one (chat) model
// (DeepSeekChatLanguageModel, dist/index.mjs:1178-1187), which streams `POST {baseURL}/chat/completions` (:909-918;
// the default baseURL is https://api.deepseek.com, :1166), pointed at the mock server's Chat Completions route.
// VoltAgent's providers page names `@ai-sdk/deepseek` as the DeepSeek package (docs/getting-started/
// providers-models.md:186); the install's copy, 2.0.69 (the ai 6 generation: LanguageModelV3, @ai-sdk/provider
// 3.0.18, its own nested @ai-sdk/provider-utils 4.0.56), is the one @ai-sdk/azure 3.0.128 depends on, and
// package.json names it directly. It is its own chat model, not @ai-sdk/openai-compatible's.
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-deepseek.mjs" --conformance-dialect=openai-chat
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-deepseek',
  inputs: ['openai-chat'],
  // 'reasoning': DeepSeek streams reasoning in `delta.reasoning_content`, the one reasoning field 2.0.69 reads
  // (:1001-1014; its chunk schema's only one, :528); VoltAgent's toUIMessageStream is ai's with its defaults
  // (sendReasoning true). It is the mock's field for the deepseek server: no X-Mock-Reasoning header is needed.
  features: ['reasoning'],
  // 'multimodal' is image + PDF input: a file part that is not an image is dropped with an 'unsupported' warning
  // ('user message part type: file', :197-203, :279-283), so a PDF never reaches the model; images (JPEG, PNG,
  // GIF, WebP) are sent as image_url (:217-276). The ai-sdk7-deepseek harness declares the same.
  lacks: ['multimodal'],
  // The server @ai-sdk/deepseek is written for (mock_provider/servers.py's `deepseek` flavour; docs/adapters.md
  // names @ai-sdk/deepseek's server as `server="deepseek"`): createDeepSeek hard-wires DeepSeek's URL (:1166) and
  // DEEPSEEK_API_KEY (:1171), reads DeepSeek's error body {error: {message, type, param, code}} (:459-466), its
  // finish vocabulary with `insufficient_system_resource` (:647-662) and its usage's prompt_cache_hit_tokens (:425).
  server: 'deepseek',
  // createDeepSeek never sets supportsStructuredOutputs (:1178-1187; the model's default is false, :719), so a
  // schema goes into a system message ('Return JSON that conforms to the following schema: ...', :144-154) beside
  // response_format json_object (:798-806): the instruction mechanism only. VoltAgent's
  // `output: Output.object(...)` is ai's, which hands the schema to the model as responseFormat.
  structured_modes: ['instruction'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: async (c) => {
    const { createDeepSeek } = await import('@ai-sdk/deepseek')
    return createDeepSeek({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
