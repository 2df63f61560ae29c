// The part the OpenAI Agents SDK configurations on an AI SDK model share (openai-agents-aisdk-anthropic.mjs,
// openai-agents-aisdk-google.mjs, openai-agents-aisdk-mistral.mjs, openai-agents-aisdk-groq.mjs): `run(agent, input,
// {stream: true})` of @openai/agents 0.18.0 whose agent's model is `aisdk(<an AI SDK provider's model>)`,
// @openai/agents-extensions 0.18.0's `ai-sdk` entry (dist/ai-sdk/index.mjs:1204 `aisdk`, the AiSdkModel class, which
// accepts a LanguageModel of specification v2, v3 or v4: index.mjs:47-52 and messageConversion.mjs:4-20).
// AiSdkModel.getStreamedResponse calls the model's doStream and turns its parts into the run's events
// (index.mjs:836-1127); the run stream is then turned into an AI SDK UI message stream by the same package's
// `ai-sdk-ui` module, as in openai-agents-ui.mjs, whose code runs the case (tracing disabled on the runner, as there).
//
// A harness calls `runAiSdkModelHarness({name, inputs, server, model, modelSettings, lacks})`: its own name, the
// wire its provider speaks, the server flavour where the provider is written for one (undefined otherwise),
// `model(c)` the agent's model for the case, `modelSettings` the agent's (provider options its model needs) and
// `lacks` the shared features its provider cannot give (none by default; dropped from `features`, as
// voltagent-ui.mjs drops a variant's) and `structuredModes` how its provider sends the agent's outputType (['native']
// by default: a provider that has no json_schema response format says which mechanism it uses) and `policies` the
// shared policies its provider makes differ (none by default; e.g. @ai-sdk/openai-compatible 3's error part for a
// stream that ends without its finish reason, which AiSdkModel throws: missing_finish 'error'). Everything else,
// declared below from the packages' dist, is AiSdkModel's and the ai-sdk-ui module's, whatever the provider; each
// harness gives the reasons its provider adds.
export async function runAiSdkModelHarness({ name, inputs, server, model, modelSettings, lacks = [],
  structuredModes = ['native'], policies = {} }) {
  globalThis.SAC_OPENAI_AGENTS = {
    model,
    ...(modelSettings ? { modelSettings } : {}),
    capabilities: {
      name,
      inputs,
      // The same ai-sdk-ui module as the other configurations: uiMessageStream.d.ts:2 types its chunks against
      // the `ai` it resolves, 6.0.326 here.
      output: 'ui-message-stream',
      ...(server ? { server } : {}),
      // Function tools run in the agent (client_tools: false, as in openai-agents-ui.mjs): AiSdkModel sends them
      // as AI SDK function tools (index.mjs:389-410) and turns each `tool-call` part into a function_call item the
      // runner executes (index.mjs:982-1001, createProtocolToolCallItem :215-255).
      // `parallel_tools`: every tool-call part is kept, one item per call id (appendToolItem, :906-922).
      // `reasoning`: reasoning-* parts accumulate into reasoning items with their text in `content` (input_text,
      // :960-981, :1043-1060), which the ai-sdk-ui module shows (uiMessageStream.mjs:117-121, :349-361).
      // `abort`: the run's signal is the call's abortSignal (index.mjs:861).
      // `structured_output`: the agent's outputType reaches the model as responseFormat {type: 'json', name,
      // schema} (index.mjs:475-486 getResponseFormat); each harness says how its provider sends it.
      // `multimodal`: user input_image and input_file items become AI SDK file parts (messageConversion.mjs
      // :290-318).
      features: ['tools', 'parallel_tools', 'server_tools', 'reasoning', 'abort', 'structured_output', 'multimodal']
        .filter((f) => !lacks.includes(f)),
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
        // response_done once the model's stream ends, whatever ended it (index.mjs:1042-1127; only an `error`
        // part throws, :1035-1037), so the run finishes and the module closes the text and finishes 'stop'
        // (uiMessageStream.mjs:365-371): the 'stop' choice (docs/adapters.md, graded SHOULD).
        missing_finish: 'stop',
        // The module never passes a provider's reason on (finish 'stop' always, uiMessageStream.mjs:371); with no
        // client tool (client_tools: false) that is the 'engine' rule: 'tool_calls' iff a client call completed,
        // which never happens here.
        finish_reason: 'engine',
        // What the harness's provider makes differ (each reason in its harness).
        ...policies,
      },
      reports_finish_reason: true,
      // The Agents SDK has one mechanism, the agent's outputType (responseFormat json, above); the provider decides
      // what it becomes on the wire (a json_schema response format unless the harness says otherwise).
      structured_modes: structuredModes,
      // The runner retries a model call only under modelSettings.retry (agents-core dist/runner/modelRetry.mjs:944,
      // maxRetries 0 by default), and an AI SDK provider's doStream makes one request (retries are streamText's,
      // not the provider's; each harness names its provider's).
      max_retries: 0,
    },
  }
  await import('./openai-agents-ui.mjs')
}
