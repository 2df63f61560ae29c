#!/usr/bin/env node
// The AI SDK 5 on Groq with ai 5's own provider generation: `streamText` (`ai` 5.0.277, npm alias `ai5`) over
// `@ai-sdk/groq` 2.0.56 (npm alias `ai5-groq`; LanguageModelV2, specificationVersion 'v2', dist/index.mjs:307),
// whose default model `groq(modelId)` is its chat model (:924-942), streaming `POST {baseURL}/chat/completions`
// (:467, url `${baseURL}${path}` :920; Groq's API is OpenAI's Chat Completions at https://api.groq.com/openai/v1,
// :906), against the mock server's Chat Completions route, emitting ai 5's UI message stream
// (`ui-message-stream@5`, ai 5.0.277's chunk schema and reader, conformance/protocols/ui_message_stream5.py). The
// code is ai-sdk-openai-compatible.mjs's; only the provider, the name, the declared output, one request header and
// the structured-output option differ (ai 5 calls it `experimental_output`). The ai 6 generation of the same
// provider (@ai-sdk/groq 3) is ai-sdk6-groq.mjs, the ai 7 one (4) ai-sdk7-groq.mjs; 2.0.56 has the same per-index
// chunk parser as 3.0.71 (:558-646).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk5-groq.mjs" --dialect=openai-chat
//
// Groq sends reasoning in `delta.reasoning` (reasoning_format 'parsed'), the one field 2.0.56 reads (:534); it
// never reads DeepSeek's `delta.reasoning_content`, the mock's default. The harness asks the mock for Groq's field
// with `X-Mock-Reasoning: reasoning` (docs/mock-provider.md, "Provider quirks"), as the ai 6 sibling does.
globalThis.SAC_AISDK = {
  ai: 'ai5',
  provider: 'ai5-groq',
  name: 'ai-sdk5-groq',
  output: 'ui-message-stream@5',
  inputs: ['openai-chat'],
  // The server @ai-sdk/groq 2.0.56 is written for, as the ai 6 generation declares it: createGroq hard-wires Groq's
  // URL (:906) and GROQ_API_KEY (:911), reads Groq's error body {error: {message, type}} (groqErrorDataSchema,
  // :190-196) and Groq's usage in `x_groq.usage` (:520-525).
  server: 'groq',
  // 'multimodal' is image + PDF input: the provider refuses every non-image file part before any request
  // ('Non-image file content parts', :54), as 3.0.71 does.
  lacks: ['multimodal'],
  // Kept (the harness's default features), as for 3.0.71: tools and tool streaming (`tools`/`tool_choice` sent;
  // `delta.tool_calls` streamed by index, :558); parallel tools (`parallelToolCalls` "Default to true", :161-164);
  // reasoning (`delta.reasoning`, above); server tools; abort (the abortSignal reaches fetch, :477).
  // Structured output: the package's one mechanism is response_format, `json_schema` by default (structuredOutputs
  // defaults to true, :340, :375), else `json_object`. No tool mode and no system-message instruction: native only.
  structured_modes: ['native'],
  // ai 5's streamText takes an Output as `experimental_output` (ai5 dist/index.mjs:4918); it ignores `output`.
  outputOption: 'experimental_output',
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createGroq }, c) =>
    createGroq({ baseURL: c.baseURL, apiKey: 'gsk-conformance',
      headers: { ...c.headers, 'X-Mock-Reasoning': 'reasoning' } })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
