#!/usr/bin/env node
// The AI SDK on OpenRouter: `streamText` of `ai` 7.0.173 over `@openrouter/ai-sdk-provider` 3.1.0 (OpenRouter's
// own AI SDK provider; its 3.x line is the one for `ai@^7`, README "Setup for AI SDK v7"), whose default model
// `openrouter(modelId)` is its chat model (dist/index.js:6286-6298 createLanguageModel -> OpenRouterChatLanguageModel,
// :4248), streaming `POST {baseURL}/chat/completions` (:4556-4560; OpenRouter's API is Chat Completions-shaped at
// https://openrouter.ai/api/v1), against the mock server's Chat Completions route, emitting ai 7's UI message
// stream (`ui-message-stream@7`). The code is examples/ts/ai-sdk-openai-compatible.mjs's; only the provider, the
// name and the declarations below differ. Both packages declare node >= 22; they run on Node 20.
//
//   pytest --adapter-cmd "node examples/ts-openrouter/ai-sdk7-openrouter.mjs" --conformance-dialect=openai-chat
//
// The packages are this directory's (npm ci --prefix examples/ts-openrouter): the shared harness imports the
// modules named in SAC_AISDK, so they are handed over as this directory's resolved file URLs (a bare name would
// resolve from examples/ts, which has neither this provider nor `ai` 7 under that name).
//
// OpenRouter streams reasoning in `delta.reasoning` with its structured `delta.reasoning_details` beside it; the
// provider reads `reasoning_details` first and `reasoning` otherwise (dist/index.js:4701-4748), never DeepSeek's
// `reasoning_content`, the mock's default. The harness asks the mock for OpenRouter's fields with
// `X-Mock-Reasoning: reasoning_details` (docs/mock-provider.md, "Provider quirks"), a statement about the server,
// as ai-sdk7-groq.mjs does for Groq's.
// D-abort-crash (docs/findings-ai-sdk7-openrouter.md): an abort while a call's input streams leaves an unhandled
// AbortError rejection (the provider's withStreamErrorHandling drops reader.cancel's promise, dist/index.js:3426-3428),
// which by Node's default ends the process, at a moment the suite does not control: during the next case, whose run
// would then fail for a reason not its own. The harness logs such a rejection to stderr and lives on, so every case is
// graded on its own stream; the defect is recorded in the findings and shown by
// examples/ts-openrouter/repro/ai-sdk7-openrouter-abort-crash.mjs. Any other unhandled rejection still ends the process.
process.on('unhandledRejection', (reason) => {
  if (reason?.name !== 'AbortError') throw reason;
  process.stderr.write(`ai-sdk7-openrouter: unhandled AbortError rejection after an abort (D-abort-crash)\n`);
});
globalThis.SAC_AISDK = {
  ai: import.meta.resolve('ai'),
  provider: import.meta.resolve('@openrouter/ai-sdk-provider'),
  name: 'ai-sdk7-openrouter',
  output: 'ui-message-stream@7',
  inputs: ['openai-chat'],
  // The server @openrouter/ai-sdk-provider is written for (mock_provider/servers.py): in-band errors come in
  // OpenRouter's unified error chunk, refusals and HTTP error bodies in its shapes. The first run declared none (the
  // kit had no OpenRouter flavour then); its first_run record is kept.
  server: 'openrouter',
  // Declared from the provider's dist before any run (line numbers are dist/index.js):
  // tools: function tools (:4326-4345); parallel_tools: calls kept per `index` (:4811); reasoning (above);
  // abort: the call's abortSignal reaches the request (:4574); structured_output: a schema always goes as
  // response_format json_schema (:4299-4307), so the native mechanism only; multimodal: images as image_url,
  // PDFs as a `file` part (convertToOpenRouterChatMessages :3685, :3740-3776); server_tools: streamText's loop.
  // No 'custom_tools' (the shared harness offers them only with @ai-sdk/openai's customTool).
  structured_modes: ['native'],
  // An unparsable argument text is replaced by "{}" when the call is flushed at a tool-calls finish
  // (:4965 `isParsableJson(...) ? arguments : "{}"`), so streamText's tool call gets the input {}.
  policies: { malformed_args: 'empty-object' },
  // c.baseURL is the mock server's /v1 (the provider appends /chat/completions). createOpenRouter is the
  // README's factory (its default `compatibility: 'compatible'`, :6223, sends no stream_options).
  model: ({ createOpenRouter }, c) =>
    createOpenRouter({ baseURL: c.baseURL, apiKey: 'sk-or-conformance',
      headers: { ...c.headers, 'X-Mock-Reasoning': 'reasoning_details' } })(c.modelId),
};
await import('../ts/ai-sdk-openai-compatible.mjs');
