#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on Cerebras: copilotkit-runtime.mjs's harness (`new CopilotRuntime({agents})`,
// a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST /api/copilotkit/agent/default/run`, the SSE
// answer's AG-UI events printed unchanged), with the agent's model a LanguageModel instance of `@ai-sdk/cerebras`.
//
// Why a model instance: CopilotKit's own strings build only OpenAI's Responses model, Anthropic, Google, MiniMax and
// Vertex (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:29-59); a user on Cerebras hands BuiltInAgent the model
// they built (`model: BuiltInAgentModel | LanguageModel`, dist/agent/index.d.mts:260; resolveModel returns a
// non-string spec as is, index.mjs:30), as copilotkit-runtime-groq.mjs does for Groq.
//
// The model: `createCerebras({baseURL, apiKey, headers})(id)` of @ai-sdk/cerebras 2.0.82 (the ai 6 generation of the
// provider: @ai-sdk/provider 3.0.16, its own nested provider-utils 4.0.52 and openai-compatible 2.0.76, the runtime's
// ai ^6 being 6.0.326 here; 3.x is ai 7's, which examples/ts pins for ai-sdk7-cerebras; the version
// examples/ts-voltagent pins for voltagent-ui-cerebras; in examples/ts-copilotkit/package.json), its one (chat) model
// (CerebrasChatLanguageModel, dist/index.mjs:20-79, a subclass of openai-compatible's chat model built by
// createLanguageModel, :129-139), a LanguageModelV3 (`specificationVersion = "v3"`, openai-compatible
// dist/index.mjs:409), so ai 6's streamText runs it without a compatibility mode. It streams
// `POST {baseURL}/chat/completions` (openai-compatible :646-650; Cerebras's API at https://api.cerebras.ai/v1,
// cerebras :116), so the base URL is the mock server's /v1. The case's scope headers go on every request
// (`headers`, merged after the Authorization header, :118-127), which the runner needs to route the case. Usage:
// createCerebras sets no `includeUsage` (:129-139), so the chat model sends no `stream_options` (openai-compatible
// :644); createCerebras has no option to ask for it (unlike the openai-compatible sibling's includeUsage).
//
// Capabilities (the OpenAI mode's list, for the reasons in copilotkit-runtime.mjs, since BuiltInAgent does the
// converting; what this provider adds):
// - server 'cerebras': the server @ai-sdk/cerebras is written for (the kit's Cerebras flavour, mock_provider/servers.py:
//   `other` plus what Cerebras's chunk type requires, system_fingerprint on every chunk, `type` on every tool-call
//   delta, its closed finish_reason; as voltagent-ui-cerebras declares): createCerebras hard-wires Cerebras's URL
//   (:116), CEREBRAS_API_KEY (:122), its flat error body {message, type, param, code} (:88-97) and request shape
//   (transformCerebrasRequestBody, :98-113: `reasoning` in place of `reasoning_content` on assistant messages).
// - reasoning: the chat model reads `delta.reasoning_content ?? delta.reasoning` (openai-compatible :753), the mock's
//   default field, so no X-Mock-Reasoning header; BuiltInAgent maps reasoning-start/delta/end to REASONING_*.
// - tools, parallel_tools, server_tools: `tools`/`tool_choice` are sent (getArgs), `delta.tool_calls` are tracked by
//   index (openai-compatible :764-), tool results go back as `role: tool` messages.
// - not multimodal (the kit's: image + PDF input): the package's docs give no model image input and say nothing of
//   PDFs (docs/40-cerebras.mdx), as voltagent-ui-cerebras and ai-sdk7-cerebras declare.
// - abort: the run's abortSignal reaches fetch (openai-compatible :658).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no server-side tools).
// - missing_finish 'error' (not the shared default 'stop', the harness error of the first run, finish.missing.001-003):
//   a stream that ends without its finish reason makes the chat model's flush() enqueue an error part ("Response
//   stream ended without a finish reason.", openai-compatible :919-927), which BuiltInAgent turns into RUN_ERROR: the
//   run fails on purpose.
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-cerebras.mjs" --conformance-dialect=openai-chat
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-cerebras',
  inputs: ['openai-chat'],
  provider: '@ai-sdk/cerebras',
  server: 'cerebras',
  lacks: ['multimodal'],
  policies: { missing_finish: 'error' },
  model: ({ createCerebras }, upstream) => createCerebras({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'csk-conformance',
    headers: { ...(upstream.headers ?? {}) },
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
