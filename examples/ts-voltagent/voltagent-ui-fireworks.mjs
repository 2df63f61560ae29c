#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on Fireworks AI's Chat Completions API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of @voltagent/core
// 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the model differs:
// `@ai-sdk/fireworks` 2.0.90's `createFireworks({baseURL, apiKey})(id)`, its default (chat) model, an
// OpenAICompatibleChatLanguageModel of its own nested @ai-sdk/openai-compatible 2.0.80 (createChatModel,
// dist/index.mjs:337-377, :391), which streams `POST {baseURL}/chat/completions` (openai-compatible dist/index.mjs
// :650; the default baseURL is https://api.fireworks.ai/inference/v1, fireworks :316), pointed at the mock server's
// Chat Completions route. VoltAgent takes any AI SDK LanguageModel as an agent's model; its own registry builds the
// model string `fireworks-ai/<model>` with @ai-sdk/openai-compatible instead (@voltagent/core dist/index.mjs
// :3358-3365), so this is the model a VoltAgent user gets by passing `fireworks(id)` from the vendor's package.
// 2.0.90 is that package's ai 6 generation (LanguageModelV3, `provider.specificationVersion = "v3"`, :392;
// @ai-sdk/provider 3.0.18, its own nested @ai-sdk/provider-utils 4.0.56 and @ai-sdk/openai-compatible 2.0.80), and
// package.json names it directly.
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-fireworks.mjs" --conformance-dialect=openai-chat
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-fireworks',
  inputs: ['openai-chat'],
  // 'reasoning': the chat model reads `delta.reasoning_content ?? delta.reasoning` (openai-compatible 2.0.80
  // dist/index.mjs:809), and the package's docs read `reasoningText` from kimi-k2p6 with the `thinking` provider
  // option (docs/26-fireworks.mdx:114-134); VoltAgent's toUIMessageStream is ai's with its defaults (sendReasoning
  // true). The mock's default field is read: no X-Mock-Reasoning header is needed. The ai-sdk7-fireworks harness
  // declares the same.
  features: ['reasoning'],
  // 'multimodal' is image + PDF input. The package's docs give "Image Input" to 3 of the 21 models listed
  // (docs/26-fireworks.mdx:288-310) and say nothing of PDFs; the provider would send a PDF as OpenAI's `file` part
  // (openai-compatible :169-182) with no sign the Fireworks API takes it. The ai-sdk7-fireworks harness declares the
  // same.
  lacks: ['multimodal'],
  // The kit has no Fireworks flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none: createFireworks
  // hard-wires Fireworks's URL (:316), FIREWORKS_API_KEY (:324), its error body (fireworksErrorSchema, :300-315:
  // `{error: string | {message, object, type, param, code}}`) and request shape (transformRequestBody, :343-375:
  // `thinking`, `reasoning_history`, `prompt_cache_key`, `service_tier`). It is no client "meant for any
  // OpenAI-compatible server". The ai-sdk7-fireworks harness declares the same.
  server: 'other',
  // createFireworks sets supportsStructuredOutputs (:342), so a schema goes out as response_format json_schema
  // (openai-compatible :521-529; strictJsonSchema defaults to true, :485): the native mechanism only (no tool mode,
  // no system-message instruction). VoltAgent's `output: Output.object(...)` is ai's, which hands the schema to the
  // model as responseFormat. The ai-sdk7-fireworks harness declares the same.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: async (c) => {
    const { createFireworks } = await import('@ai-sdk/fireworks')
    return createFireworks({ baseURL: c.baseURL, apiKey: 'fw-conformance', headers: c.headers })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
