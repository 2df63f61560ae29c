#!/usr/bin/env node
// The AI SDK on Hugging Face Inference Providers: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/huggingface` 2,
// whose default model `huggingFace(modelId)` is its own HuggingFaceResponsesLanguageModel (@ai-sdk/huggingface
// 2.0.48 dist/index.js:264, :994-1006: every language-model factory is `createResponsesModel`; its docs: "You can
// also use the `.responses()` or `.languageModel()` factory methods"), streaming `POST {baseURL}/responses` (:540-544,
// url `${baseURL}${path}`, :998; default baseURL https://router.huggingface.co/v1, :985), against the mock server's
// `POST /v1/responses`, emitting ai 7's UI message stream (`ui-message-stream@7`). The model is the package's own
// OpenAI Responses client (no @ai-sdk/openai): it reads `response.created`, `response.output_item.added/.done`
// (message, function_call, reasoning items), `response.output_text.delta`, `response.reasoning_text.delta/.done`,
// `response.completed`, and `error` / `response.failed` (:574-707, chunk schema :908-961, unknown events pass its
// fallback and are ignored). The code is ai-sdk-openai-compatible.mjs's; only the provider, the wire, the name and
// the declarations below differ. `ai` 7 and the provider declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-huggingface.mjs" --dialect=openai-responses
//
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/huggingface',
  name: 'ai-sdk7-huggingface',
  output: 'ui-message-stream@7',
  inputs: ['openai-responses'],
  // The client is written for Hugging Face's Responses server, which the kit has a flavour for (`huggingface`,
  // mock_provider/servers.py; the runner sends it as X-Mock-Server): createHuggingFace hard-wires the Hugging Face
  // router's URL (:985), its API key variable (HUGGINGFACE_API_KEY, :986-992), its own error body
  // (huggingfaceErrorDataSchema, :32-42: OpenAI's nested {error: {message, type?, code?}}) and its own Responses chunk
  // schema, which reads reasoning only as raw `response.reasoning_text.*` (:667-681, :918-931: no summary event).
  // That server, huggingface/responses.js (src/routes/responses.ts at c0ac6ee), streams reasoning exactly so
  // (:555, :597-686) and ends every response `response.completed` or `response.failed`, never
  // `response.incomplete` (:35, :140-171). Declared `other` (the first run), the client was played OpenAI's
  // reasoning summary and incomplete terminal, neither of which its server sends: nine suite errors.
  // It is no client "meant for any OpenAI-compatible server", so leaving `server` out would be wrong.
  server: 'huggingface',
  // 'multimodal' is image + PDF input: the message converter throws UnsupportedFunctionalityError for any file part
  // that is not an image (:110-123, "file part media type ..."), and the docs' "Image Input" section and table
  // (1 of the 13 models listed) give images only.
  // 'server_tools' is streamText's agent loop, which sends the tool results back to the model. The package says it
  // cannot: an assistant message's tool-call and tool-result parts are dropped (:144-149) and every `tool` message
  // becomes an `unsupported` warning, feature "tool messages" (:161-163), so the next request never carries them.
  lacks: ['multimodal', 'server_tools'],
  // Kept (the harness's default features):
  // - tools: the docs' table gives "Tool Usage" and "Tool Streaming" to all 13 models; the request carries
  //   `tools` as Responses function tools and `tool_choice` (:183-245), and a `function_call` item becomes
  //   tool-input-start, then tool-input-end and tool-call with its `arguments` when the item is done (:607-648);
  // - parallel tools: each function_call item is its own call (by call_id), and nothing in the package or its
  //   docs says one response cannot carry several;
  // - reasoning: the docs' "Reasoning Output" section (DeepSeek-R1, `reasoningEffort`), and the stream reads
  //   `response.reasoning_text.delta` into reasoning-delta (:667-681);
  // - abort: the abortSignal reaches fetch (:551).
  // The one structured-output mechanism is the Responses `text.format` json_schema (:345-355, "HuggingFace
  // Responses API uses text.format for structured output"); the docs give "Object Generation" to all 13 models:
  // the native mechanism only (no tool mode, no system-message instruction).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Responses route is /v1/responses).
  model: ({ createHuggingFace }, c) =>
    createHuggingFace({ baseURL: c.baseURL, apiKey: 'hf-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
