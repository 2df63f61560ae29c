#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on Anthropic: copilotkit-runtime.mjs's harness (`new
// CopilotRuntime({agents})`, a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST
// /api/copilotkit/agent/default/run`, the SSE answer's AG-UI events printed unchanged), with the agent's model
// on Anthropic's Messages API instead of OpenAI's Responses API.
//
// The model is the one CopilotKit itself builds for `anthropic/<model>`: `createAnthropic({apiKey, baseURL:
// process.env.ANTHROPIC_BASE_URL})(model)` (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:43-46), from the
// `@ai-sdk/anthropic` the runtime resolves (3.0.140, hoisted to examples/ts-copilotkit/node_modules; the runtime
// has no copy of its own). Its model streams `POST {baseURL}/messages` (dist/index.mjs:4805), so the base URL is
// the mock server's /v1, as the provider's default (https://api.anthropic.com/v1) carries the version prefix. The
// harness hands BuiltInAgent that model instance (resolveModel returns a non-string spec as is, :30) built with
// the case's scope headers, which a model string cannot carry. The model id (`scenario:<id>`) is not one the
// provider knows: it sends max_tokens 4096 and warns, as under plain ai 6 (examples/ts/ai-sdk6-anthropic.mjs).
//
// Capabilities (the same list as the OpenAI mode, for the same reasons in copilotkit-runtime.mjs, since
// BuiltInAgent does the converting; what the provider adds):
// - reasoning: @ai-sdk/anthropic turns `thinking` blocks into reasoning-start/delta/end whether or not the
//   request asked for thinking (dist/index.mjs:5482, :6028), and BuiltInAgent maps those to REASONING_*.
// - multimodal: the provider sends image file parts as `image` blocks and application/pdf as `document` blocks
//   (convertToAnthropicMessagesPrompt, dist/index.mjs:2572, :2773, :2793); the one multimodal case on this wire
//   has exactly an image and a PDF.
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no Anthropic server tool configured).
// - no `server` flavour: the kit's flavours are Chat Completions / Responses servers; this is Anthropic's own
//   Messages API, which the `anthropic` wire is.
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-anthropic.mjs" --conformance-dialect=anthropic
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-anthropic',
  inputs: ['anthropic'],
  provider: '@ai-sdk/anthropic',
  model: ({ createAnthropic }, upstream) => createAnthropic({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'sk-ant-conformance',
    headers: upstream.headers ?? {},
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
