#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK Mistral model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(mistral(modelId))`:
// @openai/agents-extensions 0.18.0's `ai-sdk` entry (dist/ai-sdk/index.mjs:1204 `aisdk`, the AiSdkModel class,
// which accepts a LanguageModel of specification v2, v3 or v4: index.mjs:47-52) around @ai-sdk/mistral 4.0.87's
// chat model (`createMistral({baseURL, apiKey})(modelId)`, specificationVersion 'v4', dist/index.js:597), which
// streams `POST {baseURL}/chat/completions` (dist/index.js:737; Mistral's API is Chat Completions-shaped).
// AiSdkModel.getStreamedResponse calls the model's doStream and turns its parts into the run's events
// (index.mjs:836-1127); the run stream is then turned into an AI SDK UI message stream by the same package's
// `ai-sdk-ui` module, as in openai-agents-ui.mjs, whose code this is: only the agent's model and the capabilities
// differ (the sibling of openai-agents-aisdk-anthropic.mjs and openai-agents-aisdk-google.mjs). Tracing is
// disabled on the runner, as there. The model points at the mock server's Chat Completions route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-mistral.mjs" --conformance-dialect=openai-chat
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createMistral } from '@ai-sdk/mistral'

globalThis.SAC_OPENAI_AGENTS = {
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
  capabilities: {
    name: 'openai-agents-aisdk-mistral',
    inputs: ['openai-chat'],
    // The same ai-sdk-ui module as the other configurations: uiMessageStream.d.ts:2 types its chunks against
    // the `ai` it resolves, 6.0.326 here.
    output: 'ui-message-stream',
    // The server @ai-sdk/mistral is written for (ai-sdk7-mistral.mjs declares the same): `mistral`, not
    // `mistral-own`, as it accepts any model id (createChatModel, dist/index.js:3100), a relayed model's among
    // them (mock_provider/servers.py _SAME_SERVER). The kit then runs only the cases Mistral's clients can get
    // and tells the mock (X-Mock-Server).
    server: 'mistral',
    //
    // Function tools run in the agent (client_tools: false, as in openai-agents-ui.mjs): AiSdkModel sends them as
    // AI SDK function tools (index.mjs:389-410) and turns each `tool-call` part into a function_call item the
    // runner executes (index.mjs:982-1001, createProtocolToolCallItem :215-255).
    // `parallel_tools`: every tool-call part is kept, one item per call id (appendToolItem, :906-922); each
    // delta.tool_calls entry goes through provider-utils' StreamingToolCallTracker (dist/index.js:839, flushed
    // :854), one tool-call part per call.
    // `reasoning`: @ai-sdk/mistral reads every `thinking` chunk as reasoning-* parts (dist/index.js:793-816),
    // which AiSdkModel accumulates into reasoning items (index.mjs:960-981, :1043-1060) that the ai-sdk-ui module
    // shows (uiMessageStream.mjs:117-121, :349-361).
    // `abort`: the run's signal is the call's abortSignal (index.mjs:861), which doStream passes to its fetch
    // (dist/index.js:742).
    // `structured_output`: see above.
    // `multimodal`: user input_image and input_file items become AI SDK file parts (messageConversion.mjs
    // :290-318), which @ai-sdk/mistral sends as image_url / document_url parts (images and PDFs,
    // dist/index.js:80-95).
    features: ['tools', 'parallel_tools', 'server_tools', 'reasoning', 'abort', 'structured_output', 'multimodal'],
    client_tools: false,
    policies: {
      // extractToolInput wraps unparsable argument text as {raw: text} (uiMessageStream.mjs:26-33);
      // AiSdkModel passes a tool-call part's string input through unparsed (index.mjs:231-236).
      malformed_args: 'raw',
      // The UI message stream has no usage chunk.
      missing_usage: 'omit',
      in_stream_error: 'fatal',
      // run({signal}) stops the run; the module then closes with its usual finish (no abort chunk).
      abort: 'silent',
      // AiSdkModel reads nothing from the model's finish part but its usage (index.mjs:1029-1033) and the
      // module's finish is always 'stop' (uiMessageStream.mjs:371).
      unknown_finish: 'stop',
      preliminary_results: 'drop',
      // A stream that ends without its finish is not an error to AiSdkModel: it builds the response and sends
      // response_done once the model's stream ends, whatever ended it (index.mjs:1042-1127; only an `error` part
      // throws, :1035-1037; @ai-sdk/mistral then finishes 'interrupted', dist/index.js:745-748, which AiSdkModel
      // does not read), so the run finishes and the module closes the text and finishes 'stop'
      // (uiMessageStream.mjs:365-371): the 'stop' choice (docs/adapters.md, graded SHOULD).
      missing_finish: 'stop',
      // The module never passes a provider's reason on (finish 'stop' always, uiMessageStream.mjs:371); with no
      // client tool (client_tools: false) that is the 'engine' rule: 'tool_calls' iff a client call completed,
      // which never happens here.
      finish_reason: 'engine',
    },
    reports_finish_reason: true,
    // The Agents SDK has one mechanism, the agent's outputType (responseFormat json, above).
    structured_modes: ['native'],
    // @ai-sdk/mistral's doStream makes one request (postJsonToApi, dist/index.js:736-744; retries are
    // streamText's, not the provider's) and the runner retries a model call only under modelSettings.retry
    // (agents-core dist/runner/modelRetry.mjs:944, maxRetries 0 by default).
    max_retries: 0,
  },
}
await import('./openai-agents-ui.mjs')
