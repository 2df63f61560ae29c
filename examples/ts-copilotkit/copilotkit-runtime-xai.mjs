#!/usr/bin/env node
// The CopilotKit runtime's built-in agent on xAI (Grok): copilotkit-runtime.mjs's harness (`new CopilotRuntime({agents})`,
// a `BuiltInAgent`, `createCopilotRuntimeHandler`, each case one `POST /api/copilotkit/agent/default/run`, the SSE
// answer's AG-UI events printed unchanged), with the agent's model a LanguageModel instance of `@ai-sdk/xai`.
//
// Why a model instance: CopilotKit's own strings build only OpenAI's Responses model, Anthropic, Google, MiniMax and
// Vertex (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:29-59); a user on xAI hands BuiltInAgent the model they
// built (`model: BuiltInAgentModel | LanguageModel`, dist/agent/index.d.mts:260; resolveModel returns a non-string
// spec as is, index.mjs:30), as copilotkit-runtime-groq.mjs does for Groq.
//
// The model: `createXai({baseURL, apiKey, headers})(id)` of @ai-sdk/xai 3.0.99 (the ai 6 generation of the provider:
// @ai-sdk/provider 3, provider-utils 4.0.32, openai-compatible 2.0.53; the version examples/ts pins as `ai6-xai`;
// 5.x is ai 7's; in examples/ts-copilotkit/package.json), a LanguageModelV3 (`specificationVersion = "v3"`,
// dist/index.mjs:396), so ai 6's streamText runs it without a compatibility mode. Which API: in 3.0.99 the default
// model `xai(modelId)` is the CHAT model (`provider = (modelId) => createChatLanguageModel(modelId)`, :3269;
// `xai.responses(id)` is the Responses one, :3273), streaming `POST {baseURL}/chat/completions` (:615; xAI's API at
// https://api.x.ai/v1, :3222), so the wire is `openai-chat` and the base URL is the mock server's /v1. (@ai-sdk/xai 5,
// ai 7's, made the Responses model the default: not this generation.) The case's scope headers go on every request
// (`headers`), which the runner needs to route the case. Usage: doStream always asks for it
// (`stream_options: {include_usage: true}`, :611-613).
//
// Capabilities (the OpenAI mode's list, for the reasons in copilotkit-runtime.mjs, since BuiltInAgent does the
// converting; what this provider adds):
// - server 'xai': the server @ai-sdk/xai 3.0.99 is written for (docs/adapters.md names `server="xai"` for both of
//   xAI's wires, as the ai-sdk6-xai harness declares): createXai hard-wires xAI's URL (:3222) and XAI_API_KEY
//   (:3228), reads xAI's error bodies (:292-307) and xAI's usage (convertXaiChatUsage, :142-163). The kit then plays
//   it none of another server's habits and the mock answers in xAI's shapes (each tool call whole in one delta).
// - reasoning: xAI's chat model reads reasoning from `delta.reasoning_content` only (:744-763), the mock's default
//   field, so no X-Mock-Reasoning header; BuiltInAgent maps reasoning-start/delta/end to REASONING_*.
// - tools, parallel_tools, server_tools: `tools`/`tool_choice` are sent (:510-511), each `delta.tool_calls` entry is
//   read as a whole call (:764-796), tool results go back as `role: tool` messages (:103-131).
// - not multimodal (the kit's: image + PDF input): the chat model refuses every non-image file part before any
//   request (UnsupportedFunctionalityError `file part media type ...`, :57-66), as ai-sdk6-xai declares.
// - abort: the run's abortSignal reaches fetch (:656).
// - retries: ai 6's streamText default (2), which BuiltInAgent leaves unset.
// - not structured_output (BuiltInAgent has none), not provider_executed (no server-side tools configured).
// - missing_usage 'zeros' (not the runtime's default 'omit', the harness error of the first run, usage.undefined.001):
//   where the stream carried no usage, the provider's finish part has every count 0 (`usage != null ? usage :
//   {inputTokens: {total: 0, ...}, outputTokens: {total: 0, ...}}`, :810-818), and BuiltInAgent reports those counts.
//
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-xai.mjs" --conformance-dialect=openai-chat
globalThis.SAC_COPILOTKIT = {
  name: 'copilotkit-runtime-xai',
  inputs: ['openai-chat'],
  provider: '@ai-sdk/xai',
  server: 'xai',
  lacks: ['multimodal'],
  policies: { missing_usage: 'zeros' },
  model: ({ createXai }, upstream) => createXai({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'xai-conformance',
    headers: { ...(upstream.headers ?? {}) },
  })(upstream.model_id),
};
await import('./copilotkit-runtime.mjs');
