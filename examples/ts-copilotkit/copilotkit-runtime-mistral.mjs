#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on Mistral: copilotkit-runtime.mjs's harness (`new CopilotRuntime({agents})`,
// a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST /api/copilotkit/agent/default/run`, the SSE
// answer's AG-UI events printed unchanged), with the agent's model a LanguageModel instance of `@ai-sdk/mistral`.
//
// Why a model instance: CopilotKit's own strings build only OpenAI's Responses model, Anthropic, Google, MiniMax and
// Vertex (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:29-59); a user on Mistral hands BuiltInAgent the model they
// built (`model: BuiltInAgentModel | LanguageModel`, dist/agent/index.d.mts:260; resolveModel returns a non-string
// spec as is, index.mjs:30), as copilotkit-runtime-openai-compatible.mjs does for any OpenAI-compatible server.
//
// The model: `createMistral({baseURL, apiKey, headers})(id)` of @ai-sdk/mistral 3.0.68 (the ai 6 generation of the
// provider, the version examples/ts pins as `ai6-mistral`; in examples/ts-copilotkit/package.json), a LanguageModelV3
// (`specificationVersion = "v3"`, dist/index.mjs:373), so ai 6.0.326's streamText runs it without a compatibility
// mode. Its default model is its chat model (createChatModel, :1076-1082), streaming `POST {baseURL}/chat/completions`
// (:535; Mistral's API is Chat Completions-shaped at https://api.mistral.ai/v1, :1045), so the base URL is the mock
// server's /v1. The case's scope headers go on every request (`headers`), which the runner needs to route the case.
// Usage: Mistral streams it on its finish chunk unasked (its API has no `stream_options`; the provider sends none:
// getArgs, :418-462, and doStream adds only `stream: true`, :533), and the mock's `mistral` flavour does the same
// (mock_provider/servers.py served_as), so the openai-compatible sibling's includeUsage has no counterpart here: the
// declared `server` below is what gets the usage chunk.
//
// Capabilities (the OpenAI mode's list, for the reasons in copilotkit-runtime.mjs, since BuiltInAgent does the
// converting; what this provider adds):
// - server 'mistral': the server @ai-sdk/mistral is written for (docs/adapters.md names it `server="mistral"`):
//   createMistral hard-wires Mistral's URL (:1045) and MISTRAL_API_KEY (:1050), reads Mistral's flat error body
//   {object: 'error', message, type, param, code} (:297-307), maps Mistral's finish vocabulary
//   stop/length/model_length/tool_calls (:241-253) and parses Mistral's usage (:27-45). It accepts any model id, so
//   the flavour is `mistral`, not `mistral-own` (mock_provider/servers.py vendor_of), as ai-sdk6-mistral declares.
// - reasoning: Mistral streams reasoning as `thinking` chunks inside an array `delta.content`; 3.0.68 reads them there
//   and nowhere else (:586-611, extractReasoningContent :724), so the harness asks the mock for that shape
//   (`X-Mock-Reasoning: thinking-chunks`, a statement about the server, as the ai-sdk6-mistral harness makes it), and
//   BuiltInAgent maps the provider's reasoning-start/delta/end to REASONING_*.
// - tools, parallel_tools, server_tools: `tools`/`tool_choice` are sent (:458-460; `parallel_tool_calls` only when
//   the caller sets it, :461, which BuiltInAgent does not), `delta.tool_calls` are tracked by id, then index
//   (:627-680), tool results go back as `role: tool` messages (:210).
// - multimodal (the kit's: image + PDF input): images as `image_url`, PDFs as `document_url` (:116-129).
// - abort: the run's abortSignal reaches fetch (:542).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no server-side tools).
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-mistral.mjs" --conformance-dialect=openai-chat
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-mistral',
  inputs: ['openai-chat'],
  provider: '@ai-sdk/mistral',
  server: 'mistral',
  model: ({ createMistral }, upstream) => createMistral({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'conformance',
    headers: { ...(upstream.headers ?? {}), 'X-Mock-Reasoning': 'thinking-chunks' },
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
