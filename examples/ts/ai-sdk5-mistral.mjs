#!/usr/bin/env node
// The AI SDK 5 on Mistral with ai 5's own provider generation: `streamText` (`ai` 5.0.277, npm alias `ai5`) over
// `@ai-sdk/mistral` 2.0.50 (npm alias `ai5-mistral`; LanguageModelV2, specificationVersion 'v2', dist/index.mjs:279),
// whose default model `mistral(modelId)` is its chat model (:992-999), streaming `POST {baseURL}/chat/completions`
// (:448; Mistral's API is Chat Completions-shaped at https://api.mistral.ai/v1, :962), against the mock server's Chat
// Completions route, emitting ai 5's UI message stream (`ui-message-stream@5`, ai 5.0.277's chunk schema and reader,
// conformance/protocols/ui_message_stream5.py). The code is ai-sdk-openai-compatible.mjs's; only the provider, the
// name, the declared output, one request header and the structured-output option differ (ai 5 calls it
// `experimental_output`). The ai 6 generation of the same provider (@ai-sdk/mistral 3) is ai-sdk6-mistral.mjs, the
// ai 7 one (4) ai-sdk7-mistral.mjs.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk5-mistral.mjs" --dialect=openai-chat
//
// Mistral streams reasoning as `thinking` content chunks inside `delta.content` (an array); 2.0.50 reads them
// there (:505-510, extractReasoningContent :637; its chunk schema's `thinking` part, :689). The harness asks the mock
// for that shape with `X-Mock-Reasoning: thinking-chunks` (docs/mock-provider.md, "Provider quirks"), as the ai 6
// sibling does.
globalThis.SAC_AISDK = {
  ai: 'ai5',
  provider: 'ai5-mistral',
  name: 'ai-sdk5-mistral',
  output: 'ui-message-stream@5',
  inputs: ['openai-chat'],
  // The server @ai-sdk/mistral 2.0.50 is written for, as the ai 6 and ai 7 generations declare it: createMistral
  // hard-wires Mistral's URL (:962) and MISTRAL_API_KEY (:967), reads Mistral's error body (mistralErrorDataSchema,
  // :207) and maps Mistral's finish vocabulary stop/length/model_length/tool_calls (:158-170).
  server: 'mistral',
  // Kept (the harness's default features), as for 3.0.68: tools, parallel tools (parallel_tool_calls sent only when
  // the caller sets `parallelToolCalls`, :374), reasoning (thinking chunks, above), multimodal (images as `image_url`,
  // PDFs as `document_url`, :50-60), server tools, abort (the abortSignal reaches fetch, :455).
  // Structured output: response_format, `json_schema` by default (structuredOutputs defaults to true, :325,
  // :346-354), else `json_object`; the JSON instruction is injected only when no schema is given (:327-332): the
  // native mechanism only.
  structured_modes: ['native'],
  // ai 5's streamText takes an Output as `experimental_output` (ai5 dist/index.mjs:4918); it ignores `output`.
  outputOption: 'experimental_output',
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createMistral }, c) =>
    createMistral({ baseURL: c.baseURL, apiKey: 'conformance',
      headers: { ...c.headers, 'X-Mock-Reasoning': 'thinking-chunks' } })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
