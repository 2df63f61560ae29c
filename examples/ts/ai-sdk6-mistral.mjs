#!/usr/bin/env node
// The AI SDK 6 on Mistral with ai 6's own provider generation: `streamText` (`ai` 6.0.326) over `@ai-sdk/mistral`
// 3.0.68 (npm alias `ai6-mistral`; LanguageModelV3, specificationVersion 'v3', dist/index.mjs:373), whose default
// model `mistral(modelId)` is its chat model (:1076-1082), streaming `POST {baseURL}/chat/completions` (:535;
// Mistral's API is Chat Completions-shaped at https://api.mistral.ai/v1, :1045), against the mock server's Chat
// Completions route, emitting ai 6's UI message stream (`ui-message-stream`). The code is
// ai-sdk-openai-compatible.mjs's; only the provider, the name and one request header differ. The ai 7 generation
// of the same provider (@ai-sdk/mistral 4) is ai-sdk7-mistral.mjs.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-mistral.mjs" --dialect=openai-chat
//
// Mistral streams reasoning as `thinking` content chunks inside `delta.content` (an array); 3.0.68 reads them
// there and nowhere else (:586-611, extractReasoningContent :724; no reasoning_content or reasoning field in its
// chunk schema, :810-835). The harness asks the mock for that shape with `X-Mock-Reasoning: thinking-chunks`
// (docs/mock-provider.md, "Provider quirks"), a statement about the server, as a caller pointing at Mistral makes it.
globalThis.SAC_AISDK = {
  ai: 'ai',
  provider: 'ai6-mistral',
  name: 'ai-sdk6-mistral',
  output: 'ui-message-stream',
  inputs: ['openai-chat'],
  // The server @ai-sdk/mistral 3.0.68 is written for (mock_provider/servers.py has a `mistral` flavour;
  // docs/adapters.md names @ai-sdk/mistral's server as `server="mistral"`): createMistral hard-wires Mistral's URL
  // (:1045) and MISTRAL_API_KEY (:1050), reads Mistral's flat error body {object: 'error', message, type, param,
  // code} (:297-307), maps Mistral's finish vocabulary stop/length/model_length/tool_calls (:241-253) and parses
  // Mistral's usage (:27-45). The same declarations as the ai 7 generation, checked in this version's own dist.
  server: 'mistral',
  // Kept (the harness's default features): tools and tool streaming (`tools`/`tool_choice` sent, :458-460;
  // `delta.tool_calls` streamed by id, then index, :627-680); parallel tools (sent only when the caller sets
  // `parallelToolCalls`, :461; the docs' option "Whether to enable parallel function calling", 20-mistral.mdx
  // :129-131); reasoning (thinking chunks, above; docs "Reasoning Models"); multimodal: images as `image_url`
  // and PDFs as `document_url` (:116-129; docs "Document OCR"); server tools (tool results go back as
  // `role: tool` messages, :188); abort (the abortSignal reaches fetch, :542).
  // Structured output: the package's one mechanism is response_format, `json_schema` by default
  // (structuredOutputs defaults to true, :410, :433-440; docs "Structured Outputs"), else `json_object`. No tool
  // mode; the JSON instruction is injected only when no schema is given (:412-416): the native mechanism only.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createMistral }, c) =>
    createMistral({ baseURL: c.baseURL, apiKey: 'conformance',
      headers: { ...c.headers, 'X-Mock-Reasoning': 'thinking-chunks' } })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
