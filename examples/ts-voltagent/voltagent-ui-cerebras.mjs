#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on Cerebras's Chat Completions API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of @voltagent/core
// 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the model differs:
// `@ai-sdk/cerebras` 2.0.82's `createCerebras({baseURL, apiKey})(id)`, its one (chat) model
// (CerebrasChatLanguageModel, dist/index.mjs:20-79, a subclass of its own nested @ai-sdk/openai-compatible 2.0.76's
// chat model, built by createLanguageModel, :129-139), which streams `POST {baseURL}/chat/completions`
// (openai-compatible dist/index.mjs:649; the default baseURL is https://api.cerebras.ai/v1, :116), pointed at the
// mock server's Chat Completions route. VoltAgent's registry builds `cerebras/<model>` with @ai-sdk/cerebras's
// createCerebras (@voltagent/core dist/index.mjs:4366) and its package.json depends on it (^2.0.14); the install's
// copy, 2.0.82 (the ai 6 generation: LanguageModelV3, `specificationVersion = "v3"`, :141; @ai-sdk/provider 3.0.16,
// its own nested @ai-sdk/provider-utils 4.0.52 and @ai-sdk/openai-compatible 2.0.76), is the one @voltagent/core
// 2.10.0 resolves, and package.json names it directly.
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-cerebras.mjs" --conformance-dialect=openai-chat
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-cerebras',
  inputs: ['openai-chat'],
  // 'reasoning': the chat model reads `delta.reasoning_content ?? delta.reasoning` (openai-compatible 2.0.76
  // dist/index.mjs:753), and the package's docs stream reasoning for gpt-oss-120b and qwen-3-32b ("Reasoning
  // Models", docs/40-cerebras.mdx:100-129); VoltAgent's toUIMessageStream is ai's with its defaults (sendReasoning
  // true). The mock's default field is read: no X-Mock-Reasoning header is needed.
  features: ['reasoning'],
  // 'multimodal' is image + PDF input. The package's docs give no model "Image Input" (every row of its capability
  // table is a cross, docs/40-cerebras.mdx:149-157) and say nothing of PDFs; the provider would send a PDF as
  // OpenAI's `file` part (openai-compatible :168-180) with no sign the Cerebras API takes it. The ai-sdk7-cerebras
  // harness declares the same.
  lacks: ['multimodal'],
  // The kit has no Cerebras flavour, and docs/adapters.md tells a newcomer to declare `server: other` for a client
  // written for one vendor's Chat Completions server that has none, naming @ai-sdk/cerebras as its example:
  // createCerebras hard-wires Cerebras's URL (:116), CEREBRAS_API_KEY (:122), its flat error body
  // {message, type, param, code} (:88-97) and request shape (transformCerebrasRequestBody, :98-113: `reasoning` in
  // place of `reasoning_content` on assistant messages). The ai-sdk7-cerebras harness declares the same.
  // Since (session 26): the kit's `cerebras` flavour is that `other` plus what Cerebras's chunk type requires
  // (system_fingerprint on every chunk, `type` on every tool-call delta, its closed finish_reason), the server this
  // client is written for.
  server: 'cerebras',
  // createCerebras sets supportsStructuredOutputs (:136), so a schema goes out as response_format json_schema
  // (strictJsonSchema "Defaults to `true`", docs/40-cerebras.mdx:143-145): the native mechanism only (no tool mode,
  // no system-message instruction). VoltAgent's `output: Output.object(...)` is ai's, which hands the schema to the
  // model as responseFormat.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: async (c) => {
    const { createCerebras } = await import('@ai-sdk/cerebras')
    return createCerebras({ baseURL: c.baseURL, apiKey: 'csk-conformance', headers: c.headers })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
