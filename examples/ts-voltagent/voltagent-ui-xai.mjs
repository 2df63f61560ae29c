#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on xAI's (Grok's) Chat Completions API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of
// @voltagent/core 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the
// model differs: `@ai-sdk/xai` 3.0.138's `createXai({baseURL, apiKey})(id)`, whose default model is its CHAT model
// (`provider = (modelId) => createChatLanguageModel(modelId)`, dist/index.mjs:3641; `languageModel` is the same
// function, :3643; the package's docs: "By default, `xai(modelId)` uses the Chat API", docs/01-xai.mdx:82), which
// streams `POST {baseURL}/chat/completions` (:631; the default baseURL is https://api.x.ai/v1, :3594), pointed at
// the mock server's Chat Completions route. VoltAgent's xAI page (docs/models-docs/providers/xai.md) gives the
// model string `xai/grok-4`, which its registry builds with @ai-sdk/xai's createXai (dist/index.mjs:4361) and
// resolves through `provider.languageModel` (:4660): the chat model too; its providers page names `@ai-sdk/xai`
// (docs/getting-started/providers-models.md:162). The install's copy, 3.0.138 (the ai 6 generation: LanguageModelV3,
// :405, @ai-sdk/provider 3.0.18, its own nested @ai-sdk/provider-utils 4.0.56), is the one @voltagent/core 2.10.0
// depends on (^3.0.26), and package.json names it directly.
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-xai.mjs" --conformance-dialect=openai-chat
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-xai',
  inputs: ['openai-chat'],
  // 'reasoning': xAI's chat model reads reasoning from `delta.reasoning_content` only (:764-782; its chunk schema's
  // only reasoning field, :910); VoltAgent's toUIMessageStream is ai's with its defaults (sendReasoning true). It is
  // the mock's field for the xai server: no X-Mock-Reasoning header is needed.
  features: ['reasoning'],
  // 'multimodal' is image + PDF input: the chat model refuses every non-image file part before any request
  // (UnsupportedFunctionalityError `file part media type ...`, :91-93); images are sent as image_url (:73-90).
  // The ai-sdk6-xai harness declares the same.
  lacks: ['multimodal'],
  // The server @ai-sdk/xai is written for (mock_provider/servers.py's `xai` flavour, which on Chat Completions sends
  // each tool call whole; docs/adapters.md names @ai-sdk/xai 3's chat model's server as `server="xai"`): createXai
  // hard-wires xAI's URL (:3594) and XAI_API_KEY (:3600), reads xAI's two error bodies (:321-340), its chunk schema
  // requires each tool call whole (id, name and arguments, :911-920, read as one call each, :793-816).
  server: 'xai',
  // The package's one structured-output mechanism on the chat model is response_format, `json_schema` (strict) when
  // a schema is given, else `json_object` (:476-483); no tool mode and no system-message instruction. VoltAgent's
  // `output: Output.object(...)` is ai's, which hands the schema to the model as responseFormat.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: async (c) => {
    const { createXai } = await import('@ai-sdk/xai')
    return createXai({ baseURL: c.baseURL, apiKey: 'xai-conformance', headers: c.headers })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
