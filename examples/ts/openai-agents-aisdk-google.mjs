#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK Gemini model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(google(modelId))`:
// @openai/agents-extensions 0.18.0's `ai-sdk` entry (dist/ai-sdk/index.mjs:1204 `aisdk`, the AiSdkModel class,
// which accepts a LanguageModel of specification v2, v3 or v4: index.mjs:47-52) around @ai-sdk/google 4.0.121's
// Gemini model (`createGoogleGenerativeAI({baseURL, apiKey})(modelId)`, specificationVersion 'v4',
// dist/index.js:2020), which streams `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse`
// (dist/index.js:2416). AiSdkModel.getStreamedResponse calls the model's doStream and turns its parts into the
// run's events (index.mjs:836-1127); the run stream is then turned into an AI SDK UI message stream by the same
// package's `ai-sdk-ui` module, as in openai-agents-ui.mjs, whose code this is: only the agent's model and the
// capabilities differ (the sibling of openai-agents-aisdk-anthropic.mjs). Tracing is disabled on the runner, as
// there. The model points at the mock server's Gemini route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-google.mjs" --conformance-dialect=gemini
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createGoogleGenerativeAI } from '@ai-sdk/google'

globalThis.SAC_OPENAI_AGENTS = {
  // The Gemini API's version prefix is part of the provider's baseURL (its default ends in /v1beta,
  // dist/index.js:8833), so a baseURL given in its place carries it, as in ai-sdk7-google.mjs.
  model: (c) => aisdk(createGoogleGenerativeAI({ baseURL: `${c.upstream.base_url.replace(/\/$/, '')}/v1beta`,
    apiKey: 'conformance', headers: c.headers })(c.modelId)),
  // No modelSettings: the agent's outputType reaches the model as responseFormat {type: 'json', name, schema}
  // (index.mjs:475-486 getResponseFormat), which @ai-sdk/google sends as generationConfig.responseMimeType
  // 'application/json' with responseJsonSchema (dist/index.js:2149-2150, structuredOutputs defaults to true). Its
  // forced `json` tool is only for ids matching /gemini-/ with function tools (getArgs :2178-2190, the catalog
  // entry :1440), which the mock's `scenario:<id>` ids are not: no provider option is needed for the native mode.
  capabilities: {
    name: 'openai-agents-aisdk-google',
    inputs: ['gemini'],
    // The same ai-sdk-ui module as the other configurations: uiMessageStream.d.ts:2 types its chunks against
    // the `ai` it resolves, 6.0.326 here.
    output: 'ui-message-stream',
    // No `server`: @ai-sdk/google is Google's own Gemini API client (the ai-sdk7-google harness's provider, which
    // declares none either); the kit's server flavours are Chat Completions and Responses servers.
    //
    // Function tools run in the agent (client_tools: false, as in openai-agents-ui.mjs): AiSdkModel sends them as
    // AI SDK function tools (index.mjs:389-410) and turns each `tool-call` part into a function_call item the
    // runner executes (index.mjs:982-1001, createProtocolToolCallItem :215-255).
    // `parallel_tools`: every tool-call part is kept, one item per call id (appendToolItem, :906-922); Gemini's
    // functionCall parts each become one tool-call part (dist/index.js:2759-2830).
    // `reasoning`: @ai-sdk/google reads every `thought: true` text part as reasoning-* parts (dist/index.js:
    // 2653-2675), which AiSdkModel accumulates into reasoning items (index.mjs:960-981, :1043-1060) that the
    // ai-sdk-ui module shows (uiMessageStream.mjs:117-121, :349-361).
    // `abort`: the run's signal is the call's abortSignal (index.mjs:861), which doStream passes to its fetch
    // (dist/index.js:2421).
    // `structured_output`: see above.
    // `multimodal`: user input_image and input_file items become AI SDK file parts (messageConversion.mjs
    // :290-318), which @ai-sdk/google sends as inlineData / fileData parts (dist/index.js:730-770).
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
      // throws, :1035-1037; @ai-sdk/google then finishes 'interrupted', dist/index.js:2444, which AiSdkModel does
      // not read), so the run finishes and the module closes the text and finishes 'stop'
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
    // @ai-sdk/google's doStream makes one request (it asks again only to continue a CONTINUATION finish,
    // dist/index.js:2426-2441; retries are streamText's, not the provider's) and the runner retries a model call
    // only under modelSettings.retry (agents-core dist/runner/modelRetry.mjs:944, maxRetries 0 by default).
    max_retries: 0,
  },
}
await import('./openai-agents-ui.mjs')
