#!/usr/bin/env node
// VoltAgent behind an AI SDK UI route, on Mistral's Chat Completions API (sac-harness/1 over stdio).
//
// The agent, its tools and its route are voltagent-ui.mjs's (`agent.streamText(messages, options)` of
// @voltagent/core 2.10.0 and its result's own `toUIMessageStream()`, ai 6.0.326's UI message stream); only the
// model differs: `@ai-sdk/mistral` 3.0.69's `createMistral({baseURL, apiKey})(id)`, its chat model (the provider
// function is createChatModel, dist/index.mjs:1076-1082), which streams `POST {baseURL}/chat/completions`
// (:535; the default baseURL is https://api.mistral.ai/v1, :1045), pointed at the mock server's Chat Completions
// route. VoltAgent's docs name Mistral among the ai-sdk providers (docs/agents/providers.md:74), @voltagent/core
// depends on @ai-sdk/mistral ^3.0.0 and builds its `mistral/...` model strings with createMistral
// (dist/index.mjs:3529-3535, :4360). The install's copy, 3.0.69, differs from the ai6-mistral alias
// examples/ts/ai-sdk6-mistral.mjs runs (3.0.68) only in its version string (the same dist line for line).
//
//   pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-mistral.mjs" --conformance-dialect=openai-chat
globalThis.SAC_VOLTAGENT = {
  name: 'voltagent-ui-mistral',
  inputs: ['openai-chat'],
  // 'reasoning': Mistral streams reasoning as `thinking` chunks inside `delta.content`, and 3.0.69 reads them there
  // and nowhere else (:586-611, extractReasoningContent :724); VoltAgent's toUIMessageStream is ai's with its
  // defaults (sendReasoning true). The harness asks the mock for that shape (X-Mock-Reasoning below), a statement
  // about the server, as a caller pointing at Mistral makes it (the ai-sdk6-mistral harness does the same).
  features: ['reasoning'],
  // The server @ai-sdk/mistral is written for (mock_provider/servers.py's `mistral` flavour; docs/adapters.md
  // names @ai-sdk/mistral's server as `server="mistral"`): createMistral hard-wires Mistral's URL (:1045) and
  // MISTRAL_API_KEY (:1050), reads Mistral's flat error body {object: 'error', message, type, param, code}
  // (:297-307), maps Mistral's finish vocabulary stop/length/model_length/tool_calls (:241-253) and parses
  // Mistral's usage (:27-45).
  server: 'mistral',
  // The package's one structured-output mechanism is response_format, `json_schema` by default
  // (structuredOutputs defaults to true, :410, :433-440), else `json_object`; no tool mode. VoltAgent's
  // `output: Output.object(...)` is ai's, which hands the schema to the model as responseFormat.
  structured_modes: ['native'],
  // c.baseURL is the mock server's /v1 (the Chat Completions route is /v1/chat/completions).
  model: async (c) => {
    const { createMistral } = await import('@ai-sdk/mistral')
    return createMistral({
      baseURL: c.baseURL, apiKey: 'conformance', headers: { ...c.headers, 'X-Mock-Reasoning': 'thinking-chunks' },
    })(c.modelId)
  },
}
await import('./voltagent-ui.mjs')
