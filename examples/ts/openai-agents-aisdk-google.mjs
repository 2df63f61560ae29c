#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK Gemini model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(google(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/google 4.0.121's Gemini model
// (`createGoogleGenerativeAI({baseURL, apiKey})(modelId)`, specificationVersion 'v4', dist/index.js:2020), which
// streams `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse` (dist/index.js:2416). What the AI SDK
// model configurations share (AiSdkModel, the ai-sdk-ui module, openai-agents-ui.mjs's run and their
// capabilities) is openai-agents-aisdk.mjs; this file gives the provider (the sibling of
// openai-agents-aisdk-anthropic.mjs). The model points at the mock server's Gemini route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-google.mjs" --conformance-dialect=gemini
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-google',
  inputs: ['gemini'],
  // No `server`: @ai-sdk/google is Google's own Gemini API client (the ai-sdk7-google harness's provider, which
  // declares none either); the kit's server flavours are Chat Completions and Responses servers.
  server: undefined,
  // The Gemini API's version prefix is part of the provider's baseURL (its default ends in /v1beta,
  // dist/index.js:8833), so a baseURL given in its place carries it, as in ai-sdk7-google.mjs.
  model: (c) => aisdk(createGoogleGenerativeAI({ baseURL: `${c.upstream.base_url.replace(/\/$/, '')}/v1beta`,
    apiKey: 'conformance', headers: c.headers })(c.modelId)),
  // No modelSettings: the agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat), which @ai-sdk/google sends as generationConfig.responseMimeType
  // 'application/json' with responseJsonSchema (dist/index.js:2149-2150, structuredOutputs defaults to true). Its
  // forced `json` tool is only for ids matching /gemini-/ with function tools (getArgs :2178-2190, the catalog
  // entry :1440), which the mock's `scenario:<id>` ids are not: no provider option is needed for the native mode.
  modelSettings: undefined,
  // The provider's part of the shared declarations: Gemini's functionCall parts each become one tool-call part
  // (dist/index.js:2759-2830, `parallel_tools`); @ai-sdk/google reads every `thought: true` text part as
  // reasoning-* parts (dist/index.js:2653-2675, `reasoning`); doStream passes the abortSignal to its fetch
  // (dist/index.js:2421, `abort`); the AI SDK file parts go as inlineData / fileData parts (dist/index.js:730-770,
  // `multimodal`). A stream that ends without its finish: @ai-sdk/google then finishes 'interrupted'
  // (dist/index.js:2444), which AiSdkModel does not read (`missing_finish: 'stop'`). doStream makes one request (it
  // asks again only to continue a CONTINUATION finish, dist/index.js:2426-2441: `max_retries: 0`).
})
