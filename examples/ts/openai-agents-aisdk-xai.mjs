#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK xAI model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(xai(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/xai 5.0.12's default model. In that version
// `xai(modelId)` is its Responses model, not a Chat Completions one: every language-model factory of the provider is
// `createResponsesLanguageModel` (dist/index.js:5402-5405, XaiResponsesLanguageModel :1614, specificationVersion
// 'v4' :1616), and the package has no chat model left (no `/chat/completions` URL in its dist). It streams
// `POST {baseURL}/responses` (dist/index.js:2048; xAI's API at https://api.x.ai/v1). What the AI SDK model
// configurations share (AiSdkModel, the ai-sdk-ui module, openai-agents-ui.mjs's run and their capabilities) is
// openai-agents-aisdk.mjs; this file gives the provider (the sibling of openai-agents-aisdk-groq.mjs, and the first
// of them on the Responses wire). The model points at the mock server's Responses route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-xai.mjs" --conformance-dialect=openai-responses
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createXai } from '@ai-sdk/xai'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-xai',
  inputs: ['openai-responses'],
  // The server @ai-sdk/xai is written for (ai-sdk7-xai.mjs declares the same): xAI's Responses API, which has no
  // OpenAI background queue or compaction item (its chunk schema, dist/index.js:816-1130, and item schema
  // :713-789). The kit then runs only the cases xAI's clients can get and tells the mock (X-Mock-Server).
  server: 'xai',
  // c.baseURL is the mock server's /v1 (the provider appends /responses, dist/index.js:2048), as in ai-sdk7-xai.mjs.
  // No reasoning header: @ai-sdk/xai reads the Responses API's own reasoning events (reasoning_summary_* and
  // reasoning_text.*, dist/index.js:2099-2159), which the mock's Responses wire plays.
  model: (c) => aisdk(createXai({ baseURL: c.baseURL, apiKey: 'xai-conformance', headers: c.headers })(c.modelId)),
  // No modelSettings: the agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat), which @ai-sdk/xai sends as the Responses API's text.format
  // {type: 'json_schema', strict: true, name, schema} (dist/index.js:1742-1752; no provider option changes it): the
  // native mode with no option.
  modelSettings: undefined,
  // `multimodal` is image + PDF input: @ai-sdk/xai refuses a non-image file part given as inline data before any
  // request ("xAI Responses requires a URL or a Files API reference for non-image files", dist/index.js:434-437), and
  // AiSdkModel hands the harness's data: URL PDF on as data, as ai-sdk7-xai.mjs declares.
  lacks: ['multimodal'],
  // The provider's part of the shared declarations: each function_call output item becomes one tool-call part when
  // its `response.output_item.done` arrives, keyed by its call_id (dist/index.js:2522-2545, `parallel_tools`);
  // @ai-sdk/xai reads reasoning_summary_text.* and reasoning_text.* as reasoning-* parts (dist/index.js:2099-2159,
  // reasoning items closed at output_item.done :2309-2339, `reasoning`); doStream passes the abortSignal to its fetch
  // (dist/index.js:2055, `abort`). A stream that ends without response.completed: @ai-sdk/xai's flush still sends a
  // finish part, reason 'other' and zero usage (dist/index.js:2550-2578), which AiSdkModel does not read beyond its
  // usage (`missing_finish: 'stop'`). An `error` event and response.failed become `error` parts
  // (dist/index.js:2228-2261), which AiSdkModel throws (index.mjs:1035-1037). doStream makes one request
  // (postJsonToApi, dist/index.js:2047-2057; no retry in the provider).
})
