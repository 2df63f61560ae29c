#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on Gemini: copilotkit-runtime.mjs's harness (`new
// CopilotRuntime({agents})`, a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST
// /api/copilotkit/agent/default/run`, the SSE answer's AG-UI events printed unchanged), with the agent's model
// on the Gemini API (`streamGenerateContent?alt=sse`) instead of OpenAI's Responses API.
//
// The model is the one CopilotKit itself builds for `google/<model>` (also `gemini/` and `google-gemini/`):
// `createGoogleGenerativeAI({apiKey, baseURL: process.env.GOOGLE_GENERATIVE_AI_BASE_URL})(model)`
// (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:47-52), from the `@ai-sdk/google` the runtime resolves
// (3.0.141, hoisted to examples/ts-copilotkit/node_modules; the runtime has no copy of its own). Its model
// streams `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse` (dist/index.mjs:2694-2696), and the
// provider's default base URL (https://generativelanguage.googleapis.com/v1beta, :7299) carries the API version,
// so the base URL is the mock server's /v1beta. The harness hands BuiltInAgent that model instance (resolveModel
// returns a non-string spec as is, :30) built with the case's scope headers, which a model string cannot carry.
//
// Capabilities (the same list as the OpenAI mode, for the same reasons in copilotkit-runtime.mjs, since
// BuiltInAgent does the converting; what the provider adds):
// - reasoning: @ai-sdk/google turns a part with `thought: true` into reasoning-start/delta/end whether or not
//   the request asked for thoughts (dist/index.mjs:2910-2931), and BuiltInAgent maps those to REASONING_*.
// - multimodal: the provider sends every file part of a user message as `inlineData` {mimeType, data} (or
//   `fileData` for a URL), whatever its media type (convertToGoogleGenerativeAIMessages, :1171-1192).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no Google server tool configured).
// - no `server` flavour: the kit's flavours are Chat Completions / Responses servers; this is the Gemini API's
//   own wire, which the `gemini` dialect is.
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-google.mjs" --conformance-dialect=gemini
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-google',
  inputs: ['gemini'],
  provider: '@ai-sdk/google',
  model: ({ createGoogleGenerativeAI }, upstream) => createGoogleGenerativeAI({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1beta`,
    apiKey: 'conformance',
    headers: upstream.headers ?? {},
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
