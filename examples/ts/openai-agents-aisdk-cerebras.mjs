#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK Cerebras model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(cerebras(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/cerebras 3.0.59's chat model
// (`createCerebras({baseURL, apiKey})(modelId)`, CerebrasChatLanguageModel, dist/index.js:25-86, :165-176, a subclass
// of its own nested @ai-sdk/openai-compatible 3.0.59's chat model, specificationVersion 'v4' there :446), which
// streams `POST {baseURL}/chat/completions` (openai-compatible dist/index.js:701-714; Cerebras's API is Chat
// Completions-shaped at https://api.cerebras.ai/v1, cerebras :151-153). @ai-sdk/cerebras 3 is the generation of
// @ai-sdk/deepseek 3.0.56 (openai-agents-aisdk-deepseek.mjs): both on @ai-sdk/provider 4, LanguageModel v4. What the
// AI SDK model configurations share (AiSdkModel, the ai-sdk-ui module, openai-agents-ui.mjs's run and their
// capabilities) is openai-agents-aisdk.mjs; this file gives the provider (the sibling of
// openai-agents-aisdk-deepseek.mjs). The model points at the mock server's Chat Completions route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-cerebras.mjs" --conformance-dialect=openai-chat
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createCerebras } from '@ai-sdk/cerebras'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-cerebras',
  inputs: ['openai-chat'],
  // The kit has no Cerebras flavour, and docs/adapters.md tells a newcomer to declare `server: other` for a client
  // written for one vendor's Chat Completions server that has none, naming @ai-sdk/cerebras as its example
  // (ai-sdk7-cerebras.mjs and voltagent-ui-cerebras.mjs declare the same): createCerebras hard-wires Cerebras's URL,
  // error body (dist/index.js:100-109, a top-level {message, type, param, code}) and request shape
  // (transformCerebrasRequestBody, :110-149).
  // Since (session 26): the kit's `cerebras` flavour is that `other` plus what Cerebras's chunk type requires
  // (system_fingerprint on every chunk, `type` on every tool-call delta, its closed finish_reason), the server this
  // client is written for.
  server: 'cerebras',
  // c.baseURL is the mock server's /v1 (the provider appends /chat/completions, cerebras :166,
  // openai-compatible :701-704), as in ai-sdk7-cerebras.mjs. The chat model reads reasoning from
  // `delta.reasoning_content ?? delta.reasoning` (openai-compatible dist/index.js:863): the mock's default field is
  // read, so no X-Mock-Reasoning header is needed.
  model: (c) => aisdk(createCerebras({ baseURL: c.baseURL, apiKey: 'csk-conformance', headers: c.headers })(c.modelId)),
  // No modelSettings: the agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat); createCerebras sets supportsStructuredOutputs (dist/index.js:172), so it
  // goes out as response_format {type: 'json_schema', json_schema: {schema, strict, name}} (openai-compatible
  // dist/index.js:572-580; strictJsonSchema defaults to true, :536): the native mode with no option, as
  // ai-sdk7-cerebras.mjs declares.
  modelSettings: undefined,
  // `multimodal` is image + PDF input. The package's docs give "Image Input" for one of its two models and say
  // nothing of PDFs; the provider would send a PDF as OpenAI's `file` part (openai-compatible dist/index.js:196-215)
  // without any sign the Cerebras API takes it, as ai-sdk7-cerebras.mjs declares.
  lacks: ['multimodal'],
  // A stream that ends without its finish reason: openai-compatible 3.0.59's flush then sends an `error` part
  // ("Response stream ended without a finish reason.", dist/index.js:905-913) before its finish part, which
  // AiSdkModel throws (ai-sdk/index.mjs:1035-1037): the run fails, not the shared 'stop'.
  policies: { missing_finish: 'error' },
  // The provider's part of the shared declarations: each delta.tool_calls entry goes, by index, through
  // provider-utils' StreamingToolCallTracker (openai-compatible dist/index.js:719-762, :771, flushed :904), one
  // tool-call part per call (`parallel_tools`); the chat model reads `delta.reasoning_content ?? delta.reasoning` as
  // reasoning-* parts (:863-866, `reasoning`); doStream passes the abortSignal to its fetch (:712, `abort`). An
  // in-stream error body and an unparsable chunk become `error` parts (:788-800), which AiSdkModel throws
  // (index.mjs:1035-1037). CerebrasChatLanguageModel.doStream drops tool-call parts after text only when a JSON
  // response format was asked (cerebras dist/index.js:57-86). doStream makes one request (postJsonToApi,
  // openai-compatible dist/index.js:701-714; no retry in the provider).
})
