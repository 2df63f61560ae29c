#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK Together AI model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(togetherai(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/togetherai 3.0.54's chat model
// (`createTogetherAI({baseURL, apiKey})(modelId)`, an OpenAICompatibleChatLanguageModel of its own nested
// @ai-sdk/openai-compatible 3.0.53, dist/index.js:354-360, :377-381, specificationVersion 'v4' there :450), which
// streams `POST {baseURL}/chat/completions` (openai-compatible dist/index.js:700-725; Together's API is Chat
// Completions-shaped at https://api.together.xyz/v1, togetherai :332). @ai-sdk/togetherai 3 is the generation of
// @ai-sdk/deepseek 3.0.56 (openai-agents-aisdk-deepseek.mjs): both on @ai-sdk/provider 4, LanguageModel v4. What the
// AI SDK model configurations share (AiSdkModel, the ai-sdk-ui module, openai-agents-ui.mjs's run and their
// capabilities) is openai-agents-aisdk.mjs; this file gives the provider (the sibling of
// openai-agents-aisdk-cerebras.mjs, the other provider over openai-compatible 3). The model points at the mock
// server's Chat Completions route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-togetherai.mjs" --conformance-dialect=openai-chat
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createTogetherAI } from '@ai-sdk/togetherai'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-togetherai',
  inputs: ['openai-chat'],
  // The kit has no Together flavour (mock_provider/servers.py), and docs/adapters.md tells a newcomer to declare
  // `server: other` for a client written for one vendor's Chat Completions server that has none
  // (ai-sdk7-togetherai.mjs declares the same): createTogetherAI hard-wires Together's URL (dist/index.js:331-333),
  // its API key variable (TOGETHER_API_KEY, :334-347) and which of Together's model ids take a JSON schema
  // (getModelStructuredOutputSupport, :326-328). It keeps openai-compatible's default error body and request shape,
  // but it is no client "meant for any OpenAI-compatible server".
  server: 'other',
  // c.baseURL is the mock server's /v1 (the provider appends /chat/completions, togetherai :350,
  // openai-compatible :712-715), as in ai-sdk7-togetherai.mjs. The chat model reads reasoning from
  // `delta.reasoning_content ?? delta.reasoning` (openai-compatible dist/index.js:877): the mock's default field is
  // read, so no X-Mock-Reasoning header is needed.
  model: (c) => aisdk(createTogetherAI({ baseURL: c.baseURL, apiKey: 'together-conformance', headers: c.headers })(
    c.modelId)),
  // No modelSettings: the agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat). The package's one structured-output mechanism is response_format
  // json_schema (openai-compatible dist/index.js:581-589) and its docs give "Object Generation" to every model they
  // list: the native mode, as ai-sdk7-togetherai.mjs declares. createTogetherAI sets supportsStructuredOutputs for
  // one model id only (deepseek-ai/DeepSeek-V4-Flash-0731, togetherai :326-328, :358); for any other id the schema
  // is dropped for {type: 'json_object'} with an 'unsupported' warning (openai-compatible :549-556, :589), the
  // ai-sdk7-togetherai pin's D-schema-unsent. No provider option turns it on.
  modelSettings: undefined,
  // `multimodal` is image + PDF input. The package's docs give "Image Input" to 3 of the 8 models listed and say
  // nothing of PDFs; the provider would send a PDF as OpenAI's `file` part (openai-compatible dist/index.js:200-220)
  // without any sign the Together API takes it, as ai-sdk7-togetherai.mjs declares.
  lacks: ['multimodal'],
  // A stream that ends without its finish reason: openai-compatible 3.0.53's flush then sends an `error` part
  // ("Response stream ended without a finish reason.", dist/index.js:920-929) before its finish part, which
  // AiSdkModel throws (ai-sdk/index.mjs:1035-1037): the run fails, not the shared 'stop' (as on the cerebras
  // sibling, over openai-compatible 3.0.59).
  policies: { missing_finish: 'error' },
  // The provider's part of the shared declarations: each delta.tool_calls entry goes, by index, through
  // provider-utils' StreamingToolCallTracker (openai-compatible dist/index.js:730-772, :783, flushed :919), one
  // tool-call part per call (`parallel_tools`); the chat model reads `delta.reasoning_content ?? delta.reasoning` as
  // reasoning-* parts (:877-880, `reasoning`); doStream passes the abortSignal to its fetch (:723, `abort`). An
  // in-stream error body and an unparsable chunk become `error` parts (:802-814), which AiSdkModel throws
  // (index.mjs:1035-1037). doStream makes one request (postJsonToApi, openai-compatible dist/index.js:712-725; no
  // retry in the provider).
})
