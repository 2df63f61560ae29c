#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(anthropic(modelId))`:
// @openai/agents-extensions 0.18.0's AiSdkModel around @ai-sdk/anthropic 4.0.105's Messages model
// (specificationVersion 'v4', dist/index.js:4293), which streams `POST {baseURL}/messages`. What the AI SDK
// model configurations share (AiSdkModel, the ai-sdk-ui module, openai-agents-ui.mjs's run and their
// capabilities) is openai-agents-aisdk.mjs; this file gives the provider. The model points at the mock
// server's Anthropic route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-anthropic.mjs" --conformance-dialect=anthropic
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createAnthropic } from '@ai-sdk/anthropic'
import { runAiSdkModelHarness } from './openai-agents-aisdk.mjs'

await runAiSdkModelHarness({
  name: 'openai-agents-aisdk-anthropic',
  inputs: ['anthropic'],
  // No `server`: @ai-sdk/anthropic is Anthropic's own Messages client (the ai-sdk7-anthropic harness's
  // provider, which declares none either); the kit's server flavours are Chat Completions and Responses servers.
  server: undefined,
  // c.baseURL is the mock server's /v1 (@ai-sdk/anthropic puts the /v1 prefix in its default baseURL,
  // dist/index.js:7698, :7707-7710, so a baseURL given in its place carries it).
  model: (c) => aisdk(createAnthropic({ baseURL: c.baseURL, apiKey: 'sk-ant-conformance', headers: c.headers })(c.modelId)),
  // The agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat). @ai-sdk/anthropic renders it as output_config.format for the
  // Claude models it knows to have native structured outputs and as a forced `json` tool for the others
  // (dist/index.js:4403-4421; an id without "claude-" gets nativeStructuredOutput false, :192-195, :465-470):
  // the mock's `scenario:<id>` model ids are not Claude ids, so the provider option that names the mode is
  // passed (`structuredOutputMode: 'outputFormat'`, :1339-1347), through the modelSettings.providerData that
  // AiSdkModel spreads into the call options (index.mjs:298-304, :862), to get what a current Claude model gets.
  modelSettings: { providerData: { providerOptions: { anthropic: { structuredOutputMode: 'outputFormat' } } } },
  // The provider's part of the shared declarations: @ai-sdk/anthropic reads thinking blocks into reasoning parts
  // (`reasoning`) and sends the AI SDK file parts as image and document blocks (`multimodal`); its doStream makes
  // one request (`max_retries: 0`).
})
