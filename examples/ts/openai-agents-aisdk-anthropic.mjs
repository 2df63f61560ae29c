#!/usr/bin/env node
// The OpenAI Agents SDK for TypeScript on an AI SDK model behind an AI SDK UI route: `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(anthropic(modelId))`:
// @openai/agents-extensions 0.18.0's `ai-sdk` entry (dist/ai-sdk/index.mjs:1204 `aisdk`, the AiSdkModel
// class, which accepts a LanguageModel of specification v2, v3 or v4: index.mjs:47-52 and
// messageConversion.mjs:4-20) around @ai-sdk/anthropic 4.0.105's Messages model (specificationVersion
// 'v4', dist/index.js:4293), which streams `POST {baseURL}/messages`. AiSdkModel.getStreamedResponse calls
// the model's doStream and turns its parts into the run's events (index.mjs:836-1127); the run stream is
// then turned into an AI SDK UI message stream by the same package's `ai-sdk-ui` module, as in
// openai-agents-ui.mjs, whose code this is: only the agent's model and the capabilities differ. Tracing is
// disabled on the runner, as there. The model points at the mock server's Anthropic route:
//
//   pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-anthropic.mjs" --conformance-dialect=anthropic
//
// Declared before the first run, from the packages' dist (each reason beside its declaration).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createAnthropic } from '@ai-sdk/anthropic'

globalThis.SAC_OPENAI_AGENTS = {
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
  capabilities: {
    name: 'openai-agents-aisdk-anthropic',
    inputs: ['anthropic'],
    // The same ai-sdk-ui module as the other two configurations: uiMessageStream.d.ts:2 types its chunks
    // against the `ai` it resolves, 6.0.326 here.
    output: 'ui-message-stream',
    // No `server`: @ai-sdk/anthropic is Anthropic's own Messages client (the ai-sdk7-anthropic harness's
    // provider, which declares none either); the kit's server flavours are Chat Completions and Responses servers.
    //
    // Function tools run in the agent (client_tools: false, as in openai-agents-ui.mjs): AiSdkModel sends
    // them as AI SDK function tools (index.mjs:389-410) and turns each `tool-call` part into a function_call
    // item the runner executes (index.mjs:982-1001, createProtocolToolCallItem :215-255).
    // `parallel_tools`: every tool-call part is kept, one item per call id (appendToolItem, :906-922).
    // `reasoning`: reasoning-* parts accumulate into reasoning items with their text in `content`
    // (input_text, :960-981, :1043-1060), which the ai-sdk-ui module shows (uiMessageStream.mjs:117-121,
    // :349-361); @ai-sdk/anthropic reads thinking blocks into reasoning parts.
    // `abort`: the run's signal is the call's abortSignal (index.mjs:861).
    // `structured_output`: see modelSettings above.
    // `multimodal`: user input_image and input_file items become AI SDK file parts (messageConversion.mjs
    // :290-318), which @ai-sdk/anthropic sends as image and document blocks.
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
      // A stream that ends without its finish is not an error to AiSdkModel: it builds the response and
      // sends response_done once the model's stream ends, whatever ended it (index.mjs:1042-1127; only an
      // `error` part throws, :1035-1037), so the run finishes and the module closes the text and finishes
      // 'stop' (uiMessageStream.mjs:365-371): the 'stop' choice (docs/adapters.md, graded SHOULD).
      missing_finish: 'stop',
      // The module never passes a provider's reason on (finish 'stop' always, uiMessageStream.mjs:371); with
      // no client tool (client_tools: false) that is the 'engine' rule: 'tool_calls' iff a client call
      // completed, which never happens here.
      finish_reason: 'engine',
    },
    reports_finish_reason: true,
    // The Agents SDK has one mechanism, the agent's outputType (responseFormat json, above).
    structured_modes: ['native'],
    // @ai-sdk/anthropic's doStream makes one request (retries are streamText's, not the provider's) and the
    // runner retries a model call only under modelSettings.retry (agents-core dist/runner/modelRetry.mjs:944,
    // maxRetries 0 by default).
    max_retries: 0,
  },
}
await import('./openai-agents-ui.mjs')
