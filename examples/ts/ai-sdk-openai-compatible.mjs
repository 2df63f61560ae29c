#!/usr/bin/env node
// AI SDK harness for the conformance suite (sac-harness/1 over stdio, docs/adapter-protocol.md).
//
// The adapter under test is the AI SDK itself: `streamText` over `@ai-sdk/openai-compatible`
// pointed at the mock server's OpenAI Chat Completions endpoint, and every chunk of
// `result.toUIMessageStream()` (the AI SDK UI message stream, output protocol
// `ui-message-stream`) is sent to the suite as one `event` line.
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk-openai-compatible.mjs" --dialect=openai-chat
//
// stdout carries protocol lines only; diagnostics go to stderr.
// Options (environment):
//   SAC_AISDK_MASK_ERRORS=1  keep toUIMessageStream's default onError, which replaces every error
//                            message with "An error occurred." (by default the harness forwards the
//                            message, as the AI SDK docs show for apps that want it).
// The ai 7 harness (ai-sdk7-openai-compatible.mjs) runs this same code with `globalThis.SAC_AISDK`
// set to its packages, name and output protocol before importing it; the default-path harnesses
// (ai-sdk7-openai.mjs, ai-sdk7-google.mjs) also set `inputs` (the wire they consume) and
// `model(providerModule, c)` (their provider's default language model for the case); `lacks` lists
// declared features a provider cannot serve; `server` names the server a provider is written for;
// `structured_modes` the structured-output mechanisms its provider implements; `policies` the policies its
// provider changes (merged over the defaults below). `ai` and `provider` are module specifiers resolved from
// this file, or file URLs (a harness in another npm directory hands over its own packages).
import { runHarness } from '../../harness/ts/index.js';
import { aiSdkPrompt, toolExecutor } from '../../harness/ts/convert.js';

const AISDK = globalThis.SAC_AISDK ?? {
  ai: 'ai', provider: '@ai-sdk/openai-compatible', name: 'ai-sdk-openai-compatible', output: 'ui-message-stream',
};
const providerModule = await import(AISDK.provider);
const INPUTS = AISDK.inputs ?? ['openai-chat'];
const { jsonSchema, Output, stepCountIs, streamText, tool } = await import(AISDK.ai);

// stdout is the protocol channel: runHarness sends the AI SDK's own console output (its warning
// notices use console.info, which Node writes to stdout) to stderr.
const MASK_ERRORS = process.env.SAC_AISDK_MASK_ERRORS === '1';

// Retries (issue 16, rows retry.bounded / retry.after): streamText retries a refused call twice by
// default (ai@7.0.173 dist/index.js:2450 prepareRetries). The suite's single-attempt HTTP scenarios
// replay their fault on every attempt (http.429.001's Retry-After 20 would be waited twice), so the
// harness retries only when SAC_AISDK_MAX_RETRIES says how often, and declares what it does.
const MAX_RETRIES = Math.max(0, Number.parseInt(process.env.SAC_AISDK_MAX_RETRIES ?? '0', 10) || 0);

// A provider with custom tools (free-text input; @ai-sdk/openai's `openai.tools.customTool`) offers them.
const CUSTOM_TOOL = providerModule.openai?.tools?.customTool;

const CAPABILITIES = {
  name: AISDK.name,
  inputs: INPUTS,
  output: AISDK.output,
  // `lacks` (set by a provider's harness) drops what that provider cannot take, e.g. Groq's PDF input.
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'multimodal', 'server_tools',
    ...(MAX_RETRIES > 0 ? ['retries'] : []), ...(CUSTOM_TOOL ? ['custom_tools'] : [])].filter((f) => !(AISDK.lacks ?? []).includes(f)),
  max_retries: MAX_RETRIES,
  // `server` (set by a provider's harness): the Chat Completions server its provider is written for; the
  // kit then runs only the cases that server's clients can get and tells the mock (X-Mock-Server).
  ...(AISDK.server ? { server: AISDK.server } : {}),
  // `structured_modes` (set by a provider's harness): the structured-output mechanisms its provider has
  // ('native', 'tool', 'instruction'); without it the kit assumes all three.
  ...(AISDK.structured_modes ? { structured_modes: AISDK.structured_modes } : {}),
  policies: {
    // An unparsable input becomes `tool-input-error` whose `input` is the raw text.
    malformed_args: 'raw',
    // The UI message stream has no usage chunk; nothing is reported either way.
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    // streamText ends an aborted run with one `abort` chunk.
    abort: 'cancelled',
    // streamText forwards the provider's 'other' (and 'other' for a missing finish).
    unknown_finish: 'null',
    preliminary_results: 'drop',
    // `policies` (set by a provider's harness): what its provider does differently, e.g. OpenRouter's "{}".
    ...(AISDK.policies ?? {}),
  },
  reports_finish_reason: true,
};

function errorMessage(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}

// ---------------------------------------------------------------- request -> AI SDK call
// Scenario tools -> AI SDK tools. A client tool has no `execute`: the caller (the UI) runs it. A
// server tool (an agent loop's, issue 16) executes with the scenario's scripted result for the call
// id (execute's options.toolCallId), and the run goes on for more steps (stopWhen below).
// `c` (the harness case) lets a held tool report its start (tool-started): the abort lands while it runs.
function tools(list, c) {
  if (!list || list.length === 0) return undefined;
  const out = {};
  for (const t of list) {
    if (t.input_encoding === 'text' && CUSTOM_TOOL) {
      // A custom tool: the model writes its input as free text; the caller runs it (no execute).
      // @ai-sdk/openai 3 requires the tool's name in its args (its customArgsSchema); 4 takes it from the key.
      out[t.name] = CUSTOM_TOOL({ name: t.name, description: t.description ?? '' });
      continue;
    }
    const schema = t.input_schema ?? t.inputSchema ?? t.parameters ?? { type: 'object', properties: {} };
    const execute = toolExecutor(t, c);
    out[t.name] = tool({ description: t.description ?? '', inputSchema: jsonSchema(schema),
      ...(execute ? { execute: (input, options) => execute(input, options) } : {}) });
  }
  return out;
}

// ---------------------------------------------------------------- one case
async function* stream(c) {
  if (c.upstream.mode !== 'http') {
    throw new Error(`this harness consumes the ${INPUTS.join(', ')} wire only (upstream mode ${c.upstream.mode})`);
  }
  const request = c.request;
  const model = AISDK.model ? AISDK.model(providerModule, c) : providerModule.createOpenAICompatible({
    name: 'mock',
    baseURL: c.baseURL,
    headers: c.headers,
    // The mock endpoint is OpenAI's Chat Completions, which takes response_format json_schema; without
    // this flag the provider falls back to json_object and drops the schema (@ai-sdk/openai-compatible
    // 2.0.92 dist/index.mjs:507, :539), a statement about the server, which the caller makes.
    supportsStructuredOutputs: true,
  }).chatModel(c.modelId);
  const options = request.options ?? {};
  const result = streamText({
    model,
    // ai 7 rejects system messages in `messages` (7.0.173 dist/index.js:2259, "Use the instructions
    // option instead"): there the leading system messages go in `instructions`; ai 6 takes them in `messages`.
    ...aiSdkPrompt(request.messages, { instructions: AISDK.output.endsWith('@7') }),
    tools: tools(request.tools, c),
    // streamText stops after one step by default; with server tools it runs the agent loop.
    ...(request.tools?.some((t) => t.server) ? { stopWhen: stepCountIs(16) } : {}),
    // `outputOption` (set by a provider's harness): the option its `ai` takes an Output in (ai 5: experimental_output).
    ...(request.output_schema ? { [AISDK.outputOption ?? 'output']: Output.object({ schema: jsonSchema(request.output_schema) }) } : {}),
    ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
    // No custom reason: streamText recognises the DOM AbortError the default reason makes.
    abortSignal: c.signal,
    maxRetries: MAX_RETRIES, // 0 unless SAC_AISDK_MAX_RETRIES asks (see CAPABILITIES)
    onError: ({ error }) => c.log(`${c.id}: streamText onError: ${errorMessage(error)}`),
  });
  yield* result.toUIMessageStream(MASK_ERRORS ? {} : { onError: errorMessage });
}

runHarness({ capabilities: CAPABILITIES, stream, sends: ['tool-started'] });
