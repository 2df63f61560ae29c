#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on Groq's Chat Completions API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of
// @voltagent/core 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the
// model differs: `@ai-sdk/groq` 3.0.71's `createGroq({baseURL, apiKey})(id)`, its chat model (the provider
// function is createChatModel, dist/index.mjs:1019-1031), which streams `POST {baseURL}/chat/completions`
// (:523; the default baseURL is https://api.groq.com/openai/v1, :1005), pointed at the mock server's Chat
// Completions route. VoltAgent's Groq recipe (docs/recipes/groq.md) gives `groq("llama-3.3-70b-versatile")` of
// @ai-sdk/groq as the agent's model; @voltagent/core depends on @ai-sdk/groq ^3.0.0 and builds its `groq/...`
// model strings with createGroq (dist/index.mjs:3426-3431, :4359). The install's copy, 3.0.71, is byte for byte
// the ai6-groq alias examples/ts/ai-sdk6-groq.mjs runs under ai 6 without VoltAgent.
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-groq.mjs" --conformance-dialect=openai-chat
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-groq',
  inputs: ['openai-chat'],
  // 'reasoning': Groq streams reasoning in `delta.reasoning` (reasoning_format 'parsed'), the one field 3.0.71
  // reads (:594); VoltAgent's toUIMessageStream is ai's with its defaults (sendReasoning true). The harness asks
  // the mock for that field (X-Mock-Reasoning below), a statement about the server, as a caller pointing at Groq
  // makes it (the ai-sdk6-groq harness does the same).
  features: ['reasoning'],
  // 'multimodal' is image + PDF input: the provider refuses every non-image file part before any request
  // ('Non-image file content parts', :92-95); Groq's docs give image input only. The ai-sdk6-groq harness
  // declares the same.
  lacks: ['multimodal'],
  // The server @ai-sdk/groq is written for (mock_provider/servers.py's `groq` flavour; docs/adapters.md names
  // @ai-sdk/groq's server as `server="groq"`): createGroq hard-wires Groq's URL (:1005) and GROQ_API_KEY (:1010),
  // reads Groq's error body {error: {message, type}} (:245-250) and Groq's usage in `x_groq.usage` (:580).
  server: 'groq',
  // The package's one structured-output mechanism is response_format, `json_schema` by default
  // (structuredOutputs defaults to true, :399, :432-440), else `json_object`; no tool mode. VoltAgent's
  // `output: Output.object(...)` is ai's, which hands the schema to the model as responseFormat.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: async (c) => {
    const { createGroq } = await import('@ai-sdk/groq')
    return createGroq({
      baseURL: c.baseURL, apiKey: 'gsk-conformance', headers: { ...c.headers, 'X-Mock-Reasoning': 'reasoning' },
    })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
