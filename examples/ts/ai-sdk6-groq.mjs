#!/usr/bin/env node
// The AI SDK 6 on Groq with ai 6's own provider generation: `streamText` (`ai` 6.0.326) over `@ai-sdk/groq`
// 3.0.71 (npm alias `ai6-groq`; LanguageModelV3, specificationVersion 'v3', dist/index.mjs:366), whose chat model
// streams `POST {baseURL}/chat/completions` (dist/index.mjs:523, url `${baseURL}${path}` :1019; Groq's API is
// OpenAI's Chat Completions at https://api.groq.com/openai/v1, :1005), against the mock server's Chat Completions
// route, emitting ai 6's UI message stream (`ui-message-stream`). The code is ai-sdk-openai-compatible.mjs's; only
// the provider, the name and one request header differ. The ai 7 generation of the same provider
// (@ai-sdk/groq 4) is ai-sdk7-groq.mjs; 3.0.71 has its own chunk parser (per-index tool calls, :634-694), not
// the shared tool-call tracker 4 uses.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk6-groq.mjs" --dialect=openai-chat
//
// Groq sends reasoning in `delta.reasoning` (reasoning_format 'parsed'), the one field the provider reads
// (:594); it never reads DeepSeek's `delta.reasoning_content`, the mock's default. The harness asks the mock
// for Groq's field with `X-Mock-Reasoning: reasoning` (docs/mock-provider.md, "Provider quirks"), a statement
// about the server, as a caller pointing at Groq makes it.
globalThis.SAC_AISDK = {
  ai: 'ai',
  provider: 'ai6-groq',
  name: 'ai-sdk6-groq',
  output: 'ui-message-stream',
  inputs: ['openai-chat'],
  // The server @ai-sdk/groq is written for (mock_provider/servers.py has a `groq` flavour; docs/adapters.md
  // names @ai-sdk/groq's server as `server="groq"`): createGroq hard-wires Groq's URL (:1005) and GROQ_API_KEY
  // (:1010), reads Groq's error body {error: {message, type}} (:245-250) and Groq's usage in `x_groq.usage`
  // (:580). The kit then plays it none of another server's habits (OpenAI's delta.refusal, OpenRouter's error
  // chunk, a late call id) and the mock answers in Groq's shapes.
  server: 'groq',
  // 'multimodal' is image + PDF input: the provider refuses every non-image file part before any request
  // ('Non-image file content parts', :94); the docs (docs/09-groq.mdx "Image Input") give images only.
  lacks: ['multimodal'],
  // Kept (the harness's default features): tools and tool streaming (the docs' model table, "Tool Usage",
  // "Tool Streaming"; `tools`/`tool_choice` sent, :448-449; `delta.tool_calls` streamed by index, :634);
  // parallel tools (`parallelToolCalls` "Defaults to `true`", docs :147-149); reasoning (`delta.reasoning`,
  // :594; docs "Reasoning Models"); server tools (tool results go back as `role: tool` messages, :169);
  // abort (the abortSignal reaches fetch, :533).
  // Structured output: the package's one mechanism is response_format, `json_schema` by default
  // (structuredOutputs defaults to true, :399, :433; docs "Structured outputs are enabled by default"), else
  // `json_object`. No tool mode and no system-message instruction: the native mechanism only.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createGroq }, c) =>
    createGroq({ baseURL: c.baseURL, apiKey: 'gsk-conformance',
      headers: { ...c.headers, 'X-Mock-Reasoning': 'reasoning' } })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
