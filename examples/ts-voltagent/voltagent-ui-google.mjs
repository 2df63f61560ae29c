#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on Google's Gemini API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of
// @voltagent/core 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the
// model differs: `@ai-sdk/google` 3.0.141's `createGoogleGenerativeAI({baseURL, apiKey})(id)`, the Generative
// Language model, which streams `POST {baseURL}/models/{id}:streamGenerateContent?alt=sse` (dist/index.mjs:2694-2696;
// the default baseURL carries the /v1beta prefix, :7299), pointed at the mock server's Gemini route.
// @voltagent/core depends on @ai-sdk/google ^3.0.0 and names it as the `google` provider of its model strings
// (dist/index.mjs:3405-3410, built with createGoogleGenerativeAI, :4358); the install's copy is 3.0.141, byte for
// byte the ai6-google alias examples/ts/ai-sdk6-google.mjs runs under ai 6 without VoltAgent.
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-google.mjs" --conformance-dialect=gemini
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-google',
  inputs: ['gemini'],
  // 'reasoning': the model reads a part marked `thought: true` into reasoning parts (streamed: dist/index.mjs:2910;
  // whole: :2566), and VoltAgent's toUIMessageStream is ai's with its defaults (sendReasoning true). No `server`:
  // the kit's server flavours are Chat Completions and Responses servers; the Gemini wire is Google's own.
  features: ['reasoning'],
  // The API key travels as the x-goog-api-key header; the mock does not check it.
  model: async (c) => {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google')
    return createGoogleGenerativeAI({
      baseURL: `${c.upstream.base_url.replace(/\/$/, '')}/v1beta`, apiKey: 'conformance', headers: c.headers,
    })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
