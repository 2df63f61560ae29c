#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on Anthropic's Messages API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of
// @voltagent/core 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the
// model differs: `@ai-sdk/anthropic` 3.0.140's `createAnthropic({baseURL})(id)`, the Messages model, which streams
// `POST {baseURL}/messages` (dist/index.mjs:4805; the default baseURL carries the /v1 prefix, :7196), pointed at
// the mock server's Anthropic route. VoltAgent's docs name Anthropic as a provider (docs/getting-started/
// providers-models.md:164) and @voltagent/core depends on @ai-sdk/anthropic ^3.0.0 (the install's copy is 3.0.140,
// byte for byte the ai6-anthropic alias examples/ts/ai-sdk6-anthropic.mjs runs under ai 6 without VoltAgent).
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-anthropic.mjs" --conformance-dialect=anthropic
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-anthropic',
  inputs: ['anthropic'],
  // 'reasoning': the Messages model reads thinking and redacted_thinking blocks (dist/index.mjs:5482, :5490) and
  // their thinking_delta/signature_delta (:6028, :6036) into reasoning parts, and VoltAgent's toUIMessageStream
  // is ai's with its defaults (sendReasoning true). No `server`: the kit's server flavours are Chat Completions
  // and Responses servers; the Messages wire is Anthropic's own.
  features: ['reasoning'],
  // The model id (`scenario:<id>`) is not one the provider knows: it sends max_tokens 4096 and warns
  // (dist/index.mjs:4248); VoltAgent's logger and ai's warnings go to stderr.
  model: async (c) => {
    const { createAnthropic } = await import('@ai-sdk/anthropic')
    return createAnthropic({ baseURL: c.baseURL, apiKey: 'sk-ant-conformance', headers: c.headers })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
