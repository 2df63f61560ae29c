#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK Mistral model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(mistral(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/mistral 4.0.87's chat model
// (`createMistral({baseURL, apiKey})(modelId)`, specificationVersion 'v4', dist/index.js:597), which streams
// `POST {baseURL}/chat/completions` (dist/index.js:737; Mistral's API is Chat Completions-shaped). What the AI SDK
// model configurations share (AiSdkModel, the ai-sdk-ui module, openai-agents-ui.mjs's run and their
// capabilities) is openai-agents-aisdk.mjs; this file gives the provider (the sibling of
// openai-agents-aisdk-anthropic.mjs and openai-agents-aisdk-google.mjs). The model points at the mock server's
// Chat Completions route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-mistral.mjs" --conformance-dialect=openai-chat
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createMistral } from '@ai-sdk/mistral'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-mistral',
  inputs: ['openai-chat'],
  // The server @ai-sdk/mistral is written for (ai-sdk7-mistral.mjs declares the same): `mistral`, not
  // `mistral-own`, as it accepts any model id (createChatModel, dist/index.js:3100), a relayed model's among
  // them (mock_provider/servers.py _SAME_SERVER). The kit then runs only the cases Mistral's clients can get
  // and tells the mock (X-Mock-Server).
  server: 'mistral',
  // c.baseURL is the mock server's /v1 (@ai-sdk/mistral's default baseURL ends in /v1, dist/index.js:3091, so a
  // baseURL given in its place carries it), as in ai-sdk7-mistral.mjs. Mistral streams reasoning as `thinking`
  // chunks in an array `delta.content` (read at dist/index.js:793-816), which the mock plays when asked with
  // X-Mock-Reasoning (docs/mock-provider.md, "Provider quirks"), as ai-sdk7-mistral.mjs asks.
  model: (c) => aisdk(createMistral({ baseURL: c.baseURL, apiKey: 'conformance',
    headers: { ...c.headers, 'X-Mock-Reasoning': 'thinking-chunks' } })(c.modelId)),
  // No modelSettings: the agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat), which @ai-sdk/mistral sends as response_format {type: 'json_schema',
  // json_schema: {schema, strict: false, name}} (dist/index.js:630-655: structuredOutputs defaults to true,
  // strictJsonSchema to false) for any model id: no provider option is needed for the native mode.
  modelSettings: undefined,
  // The provider's part of the shared declarations: each delta.tool_calls entry goes through provider-utils'
  // StreamingToolCallTracker (dist/index.js:839, flushed :854), one tool-call part per call (`parallel_tools`);
  // @ai-sdk/mistral reads every `thinking` chunk as reasoning-* parts (dist/index.js:793-816, `reasoning`);
  // doStream passes the abortSignal to its fetch (dist/index.js:742, `abort`); the AI SDK file parts go as
  // image_url / document_url parts (images and PDFs, dist/index.js:80-95, `multimodal`). A stream that ends
  // without its finish: @ai-sdk/mistral then finishes 'interrupted' (dist/index.js:745-748), which AiSdkModel does
  // not read (`missing_finish: 'stop'`). doStream makes one request (postJsonToApi, dist/index.js:736-744:
  // `max_retries: 0`).
})
