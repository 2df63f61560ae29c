#!/usr/bin/env node
// The AI SDK on Perplexity: `streamText` (ai 7, npm alias `ai7`) over `@ai-sdk/perplexity` 4, whose default
// model `perplexity(modelId)` is its language model (@ai-sdk/perplexity 4.0.49 dist/index.js:811-825),
// streaming `POST {baseURL}/chat/completions` (:480-494; Perplexity's Sonar API is Chat Completions-shaped
// at https://api.perplexity.ai, with its own extras: `citations`, `images`, and usage fields such as
// `citation_tokens`, `num_search_queries` and `cost`), against the mock server's Chat Completions route,
// emitting ai 7's UI message stream (`ui-message-stream@7`). The code is ai-sdk-openai-compatible.mjs's;
// only the provider, the name and the declarations below differ. `ai` 7 declares node >= 22; it runs on Node 20.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-perplexity.mjs" --dialect=openai-chat
//
// The provider reads `delta.content` and nothing else of a delta (its chunk schema, dist/index.js:649-665):
// no tool calls, no reasoning field.
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: '@ai-sdk/perplexity',
  name: 'ai-sdk7-perplexity',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The server @ai-sdk/perplexity is written for: the kit runs none of another server's habits against it
  // (OpenAI's delta.refusal, OpenRouter's error chunk, a late call id, a content_filter finish: Perplexity's
  // finish_reason is 'stop' | 'length') and checks Perplexity's own request shapes (its file_url chunk, a
  // json_schema without OpenAI's strict). The first run declared none (the kit had no Perplexity flavour then):
  // its first_run record.
  server: 'perplexity',
  // What the provider cannot serve:
  // - tools (client, parallel and the agent loop's server tools): getArgs never reads `tools` or `toolChoice`
  //   (dist/index.js:343-402), the chunk schema has no `tool_calls`, a tool message throws "Tool messages"
  //   unsupported (:184-188), and the package's docs table gives every Sonar model "Tool Usage: ✗";
  // - reasoning: the chunk schema reads no reasoning field (:655-658) and the provider has no reasoning
  //   configuration (:373-379, "This provider does not support reasoning configuration").
  // Image and PDF input it has (image_url, file_url parts, :144-168; docs "PDF Support").
  lacks: ['tools', 'parallel_tools', 'server_tools', 'reasoning'],
  // A schema goes out as response_format json_schema (dist/index.js:392-395): the native mechanism only (no
  // tools for the tool mode, no system-message instruction).
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: ({ createPerplexity }, c) =>
    createPerplexity({ baseURL: c.baseURL, apiKey: 'pplx-conformance', headers: c.headers })(c.modelId),
};
await import('./ai-sdk-openai-compatible.mjs');
