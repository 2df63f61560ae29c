#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK DeepSeek model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(deepseek(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/deepseek 3.0.56's chat model
// (`createDeepSeek({baseURL, apiKey})(modelId)`, DeepSeekChatLanguageModel, specificationVersion 'v4',
// dist/index.js:1475-1491), which streams `POST {baseURL}/chat/completions` (dist/index.js:1053-1072; DeepSeek's API
// is Chat Completions-shaped at https://api.deepseek.com). What the AI SDK model configurations share (AiSdkModel, the
// ai-sdk-ui module, openai-agents-ui.mjs's run and their capabilities) is openai-agents-aisdk.mjs; this file gives the
// provider (the sibling of openai-agents-aisdk-groq.mjs). The model points at the mock server's Chat Completions
// route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-deepseek.mjs" --conformance-dialect=openai-chat
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createDeepSeek } from '@ai-sdk/deepseek'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-deepseek',
  inputs: ['openai-chat'],
  // The server @ai-sdk/deepseek is written for (ai-sdk7-deepseek.mjs declares the same): its chunk schema reads
  // DeepSeek's error body and usage (prompt_cache_hit_tokens, dist/index.js:502, :526-530). The kit then runs only the
  // cases DeepSeek's clients can get and tells the mock (X-Mock-Server).
  server: 'deepseek',
  // c.baseURL is the mock server's /v1 (the provider appends /chat/completions, dist/index.js:1061-1064), as in
  // ai-sdk7-deepseek.mjs. DeepSeek streams reasoning in `delta.reasoning_content` (dist/index.js:1157), the mock's
  // reasoning field for the deepseek server: no X-Mock-Reasoning header is needed.
  model: (c) => aisdk(createDeepSeek({ baseURL: c.baseURL, apiKey: 'sk-conformance', headers: c.headers })(c.modelId)),
  // No modelSettings: the provider takes the agent's outputType as it comes (below).
  modelSettings: undefined,
  // The agent's outputType reaches the model as responseFormat {type: 'json', name, schema} (index.mjs:475-486
  // getResponseFormat). createDeepSeek never sets supportsStructuredOutputs (dist/index.js:1476-1483), so the schema
  // goes into a system message ("Return JSON that conforms to the following schema: ...", :171-187) beside
  // response_format {type: 'json_object'} (:944-952): the instruction mechanism only, as ai-sdk7-deepseek.mjs declares.
  structuredModes: ['instruction'],
  // `multimodal` is image + PDF input: DeepSeek takes images only; the provider drops any other file part with an
  // 'unsupported' warning (dist/index.js:231-234, :316-320), as ai-sdk7-deepseek.mjs declares.
  lacks: ['multimodal'],
  // The provider's part of the shared declarations: each delta.tool_calls entry goes through provider-utils'
  // StreamingToolCallTracker (dist/index.js:1095, :1190-1204, flushed :1213), one tool-call part per call
  // (`parallel_tools`); @ai-sdk/deepseek reads `delta.reasoning_content` as reasoning-* parts (dist/index.js:1157-1170,
  // `reasoning`); doStream passes the abortSignal to its fetch (dist/index.js:1071, `abort`). A stream that ends
  // without its finish: @ai-sdk/deepseek then finishes 'other' (dist/index.js:1075-1078, :1214-1216), which AiSdkModel
  // does not read (`missing_finish: 'stop'`). An in-stream `error` body and an unparsable chunk become `error` parts
  // (dist/index.js:1104-1117), which AiSdkModel throws (index.mjs:1035-1037). doStream makes one request
  // (postJsonToApi, dist/index.js:1060-1072: `max_retries: 0`).
})
