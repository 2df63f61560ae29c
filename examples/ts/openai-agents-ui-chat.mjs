#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on its Chat Completions model behind an AI SDK UI route:
// `run(agent, input, {stream: true})` of @openai/agents 0.18.0 with `new OpenAIProvider({openAIClient,
// useResponses: false})` (agents-openai 0.18.0 dist/openaiProvider.d.ts:14 `useResponses?: boolean`;
// dist/openaiProvider.mjs:87-117 gives an OpenAIChatCompletionsModel when it is false), whose model
// streams `openai.chat.completions.create({stream: true, stream_options: {include_usage: true}})`
// (dist/openaiChatCompletionsModel.mjs:467-486) and turns the chunks into the run's events
// (dist/openaiChatCompletionsStreaming.mjs convertChatCompletionsStreamToResponses). The run stream is
// turned into an AI SDK UI message stream by @openai/agents-extensions 0.18.0's `ai-sdk-ui` module, as in
// openai-agents-ui.mjs, whose code this is: only the provider option and the capabilities differ.
// The client points at the mock server's `POST /v1/chat/completions`:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-ui-chat.mjs" --conformance-dialect=openai-chat
//
// Declared before the first run, from the two packages' dist (each reason beside its declaration).
globalThis.SAC_OPENAI_AGENTS = {
  provider: { useResponses: false },
  capabilities: {
    name: 'openai-agents-ui-chat',
    inputs: ['openai-chat'],
    // The same ai-sdk-ui module as the Responses configuration: uiMessageStream.d.ts:2 types its chunks
    // against the `ai` it resolves, 6.0.326 here.
    output: 'ui-message-stream',
    // No `server`: OpenAIChatCompletionsModel is "a model that uses (or is compatible with) OpenAI's Chat
    // Completions API" (dist/openaiChatCompletionsModel.d.ts) and reads fields of several servers (OpenAI's
    // `refusal`, OpenRouter's and Ollama's `delta.reasoning`, Bedrock's `{}{` argument prefix,
    // openaiChatCompletionsStreaming.mjs:196-207, :305): a client for OpenAI or any compatible server
    // (docs/adapters.md: leave `server` out).
    //
    // Function tools run in the agent, as on the Responses model (client_tools: false, below).
    // `parallel_tools`: the stream handler keeps one function call per `tool_calls[].index`
    // (openaiChatCompletionsStreaming.mjs:209-237) and outputs them all (:300-309).
    // No `reasoning`: the model reads only `delta.reasoning` (:196-200) and keeps it as a reasoning item
    // with `content: []` and the text in `rawContent` (:256-261); the ai-sdk-ui module shows a reasoning
    // item's `content` only (uiMessageStream.mjs:117-121), so this chain shows no reasoning at all.
    // `structured_output`: an outputType JSON schema is sent as `response_format: {type: 'json_schema'}`
    // (openaiChatCompletionsModel.mjs:539-557, set at :490-492).
    // `multimodal`: user `input_image` URLs become `image_url` parts and `input_file` data URLs `file` parts
    // (openaiChatCompletionsConverter.mjs:94-160).
    features: ['tools', 'parallel_tools', 'server_tools', 'abort', 'structured_output', 'multimodal'],
    client_tools: false,
    policies: {
      // extractToolInput wraps unparsable argument text as {raw: text} (uiMessageStream.mjs:26-33); the
      // chat model passes the concatenated fragments through unparsed (:230-233).
      malformed_args: 'raw',
      // The UI message stream has no usage chunk.
      missing_usage: 'omit',
      in_stream_error: 'fatal',
      // run({signal}) stops the run; the module then closes with its usual finish (no abort chunk).
      abort: 'silent',
      // The chat model keeps finish_reason only for tracing (:160-162, :374); the module's finish is
      // always 'stop' (uiMessageStream.mjs:371).
      unknown_finish: 'stop',
      preliminary_results: 'drop',
      // Declared after the first run (its triage: the harness had left both to the UI message stream's
      // defaults). A stream with no finish_reason is not an error for the chat model: it records a
      // finish_reason only when one comes (openaiChatCompletionsStreaming.mjs:160-162) and builds and ends
      // the response regardless (:240-349), so the run finishes and the module closes the text and
      // finishes 'stop' (uiMessageStream.mjs:365-371): the 'stop' choice (docs/adapters.md, graded SHOULD).
      missing_finish: 'stop',
      // The module never passes a provider's reason on (finish 'stop' always, uiMessageStream.mjs:371); with
      // no client tool (client_tools: false) that is the 'engine' rule: 'tool_calls' iff a client call
      // completed, which never happens here. (A 'length' or content-filter stop is still 'stop': a defect.)
      finish_reason: 'engine',
    },
    reports_finish_reason: true,
    // response_format json_schema only; no tool or prompt fallback.
    structured_modes: ['native'],
    // The client is made with maxRetries: 0 (a scripted 429/500 is the case itself).
    max_retries: 0,
  },
}
await import('./openai-agents-ui.mjs')
