#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK Groq model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(groq(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/groq 4.0.84's chat model
// (`createGroq({baseURL, apiKey})(modelId)`, specificationVersion 'v4', dist/index.js:490), which streams
// `POST {baseURL}/chat/completions` (dist/index.js:651-662, :1057; Groq's API is OpenAI's Chat Completions at
// https://api.groq.com/openai/v1, :1046). What the AI SDK model configurations share (AiSdkModel, the ai-sdk-ui
// module, openai-agents-ui.mjs's run and their capabilities) is openai-agents-aisdk.mjs; this file gives the
// provider (the sibling of openai-agents-aisdk-mistral.mjs). The model points at the mock server's Chat
// Completions route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-groq.mjs" --conformance-dialect=openai-chat
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createGroq } from '@ai-sdk/groq'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-groq',
  inputs: ['openai-chat'],
  // The server @ai-sdk/groq is written for (ai-sdk7-groq.mjs declares the same): createGroq hard-wires Groq's URL
  // (dist/index.js:1046), reads Groq's error body and Groq's usage in the last chunk's `x_groq.usage` (:719). The
  // kit then runs only the cases Groq's clients can get and tells the mock (X-Mock-Server).
  server: 'groq',
  // c.baseURL is the mock server's /v1 (the provider's default baseURL ends in /openai/v1 and it appends
  // /chat/completions, :1046, :1057), as in ai-sdk7-groq.mjs. Groq streams reasoning in `delta.reasoning`
  // (reasoning_format 'parsed'), the one field @ai-sdk/groq reads (dist/index.js:727-740), which the mock plays
  // when asked with X-Mock-Reasoning (docs/mock-provider.md, "Provider quirks"), as ai-sdk7-groq.mjs asks.
  model: (c) => aisdk(createGroq({ baseURL: c.baseURL, apiKey: 'gsk-conformance',
    headers: { ...c.headers, 'X-Mock-Reasoning': 'reasoning' } })(c.modelId)),
  // No modelSettings: the agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat), which @ai-sdk/groq sends as response_format {type: 'json_schema',
  // json_schema: {schema, strict: true, name}} (dist/index.js:568-576: structuredOutputs and strictJsonSchema
  // default to true for any model id, requestConfig :313-316). Its forced `json` tool is only for a call that
  // also has function tools (:507-516), which no structured case has: no provider option is needed for the
  // native mode.
  modelSettings: undefined,
  // `multimodal` is image + PDF input: @ai-sdk/groq refuses every non-image file part before any request
  // ('Non-image file content parts', dist/index.js:68; Groq's API takes images only), as ai-sdk7-groq.mjs declares.
  lacks: ['multimodal'],
  // The provider's part of the shared declarations: each delta.tool_calls entry goes through provider-utils'
  // StreamingToolCallTracker (dist/index.js:675, :770, flushed :782), one tool-call part per call
  // (`parallel_tools`); @ai-sdk/groq reads `delta.reasoning` as reasoning-* parts (dist/index.js:727-740,
  // `reasoning`); doStream passes the abortSignal to its fetch (dist/index.js:660, `abort`). A stream that ends
  // without its finish: @ai-sdk/groq then finishes 'interrupted' (dist/index.js:664-667, :783-787), which
  // AiSdkModel does not read (`missing_finish: 'stop'`). doStream makes one request (postJsonToApi,
  // dist/index.js:651-662: `max_retries: 0`).
})
