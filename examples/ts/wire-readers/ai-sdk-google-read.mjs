#!/usr/bin/env node
// @ai-sdk/google's own model reads one scenario from the mock server's Gemini route and prints the
// LanguageModelV4 stream parts it makes of it, one JSON per line (tests/test_wire_gemini_ai_sdk.py).
//
//   node examples/ts/wire-readers/ai-sdk-google-read.mjs BASE_URL SCENARIO_ID [vertex]
//
// With `vertex` the provider is named as @ai-sdk/google-vertex names it ('google.vertex.chat'), the
// one case where @ai-sdk/google 4.0.121 sends toolConfig.functionCallingConfig.streamFunctionCallArguments
// (dist/index.js:2124-2134) when providerOptions.google.streamFunctionCallArguments is set: the request
// Vertex AI answers with partialArgs.
import { createGoogleGenerativeAI } from '@ai-sdk/google'

const [base, scenario, mode] = process.argv.slice(2)
const vertex = mode === 'vertex'
const model = createGoogleGenerativeAI({
  baseURL: `${base.replace(/\/$/, '')}/v1beta`, apiKey: 'conformance',
  ...(vertex ? { name: 'google.vertex.chat' } : {}),
})(`scenario:${scenario}`)
const { stream } = await model.doStream({
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [{ type: 'function', name: 'plan_trip', inputSchema: { type: 'object', properties: {} } }],
  providerOptions: vertex ? { google: { streamFunctionCallArguments: true } } : {},
})
const reader = stream.getReader()
for (;;) {
  const { done, value } = await reader.read()
  if (done) break
  if (value.type === 'finish') delete value.providerMetadata
  process.stdout.write(JSON.stringify(value) + '\n')
}
