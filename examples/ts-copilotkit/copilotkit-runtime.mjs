#!/usr/bin/env node
// CopilotKit runtime harness for the conformance suite (sac-harness/1 over stdio, docs/adapter-protocol.md).
//
// The adapter under test is the CopilotKit runtime (@copilotkit/runtime 1.75.0, its v2 entry point)
// serving its built-in agent: `new CopilotRuntime({agents})` with a `BuiltInAgent` whose model is
// `@ai-sdk/openai`'s default model on the mock server, mounted with `createCopilotRuntimeHandler` (the
// fetch handler its Hono, Express and Node endpoints wrap). Every case is one `POST
// /api/copilotkit/agent/default/run` with the case's RunAgentInput, handled in process (no port); the
// harness prints each AG-UI event of the SSE answer unchanged as one `event` line (output `ag-ui`). So the
// events graded are the ones a CopilotKit frontend receives: BuiltInAgent.run -> AbstractAgent.runAgent
// (@ag-ui/client 0.0.59) -> the InMemoryAgentRunner's finalizer -> @ag-ui/encoder's SSE.
//
// The model: CopilotKit's own `openai/<model>` string resolves to `createOpenAI({apiKey, baseURL:
// process.env.OPENAI_BASE_URL})(model)` (@copilotkit/runtime dist/agent/index.mjs:39-42), i.e.
// @ai-sdk/openai's default model, the Responses API (`POST {baseURL}/responses`). BuiltInAgent also takes
// a LanguageModel instance (resolveModel returns a non-string spec as is, :30); the harness builds that
// same provider with the case's scope headers, which a model string cannot carry.
//
//   npm ci --prefix examples/ts-copilotkit
//   pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime.mjs" --dialect=openai-responses
//
// A sibling file may set `globalThis.SAC_COPILOTKIT` before importing this one to serve the same runtime on
// another of the providers CopilotKit's resolveModel builds (copilotkit-runtime-anthropic.mjs): `name`, `inputs`
// (the one wire that provider streams), `provider` (the package), `model(module, upstream)` (the provider's
// model on the mock server, with the case's headers) and optionally `lacks` (features its provider cannot serve)
// and `server` (the Chat Completions server flavour its provider is written for: copilotkit-runtime-mistral.mjs,
// copilotkit-runtime-groq.mjs).
//
// stdout carries protocol lines only; diagnostics go to stderr.

// Telemetry off before the runtime loads (no internet here, and a test run is no usage to report): the
// documented switches read by @copilotkit/runtime dist/v2/runtime/telemetry/telemetry-client.mjs:10.
process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';
process.env.DO_NOT_TRACK = '1';
process.env.SCARF_ANALYTICS = 'false';

// stdout is the protocol channel: the runtime's console output goes to stderr.
for (const level of ['log', 'info', 'debug', 'warn', 'error', 'dir']) {
  console[level] = (...args) => process.stderr.write(`${args.map(String).join(' ')}\n`);
}

const { createInterface } = await import('node:readline');
const { BuiltInAgent, CopilotRuntime, createCopilotRuntimeHandler, defineTool } = await import('@copilotkit/runtime/v2');
const { toolExecutor } = await import('../../harness/ts/convert.js');

// The provider under the agent. Default: `openai/<model>`'s provider (the Responses API), as before.
const MODE = globalThis.SAC_COPILOTKIT ?? {
  name: 'copilotkit-runtime',
  inputs: ['openai-responses'],
  provider: '@ai-sdk/openai',
  model: ({ createOpenAI }, upstream) => createOpenAI({
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    apiKey: 'sk-conformance',
    headers: upstream.headers ?? {},
  })(upstream.model_id),
};
const providerModule = await import(MODE.provider);

const PROTOCOL = 'sac-harness/1';
const BASE_PATH = '/api/copilotkit';
const CASE_HEADER = 'x-sac-case'; // which case's upstream the request-scoped agent factory builds

const CAPABILITIES = {
  name: MODE.name,
  // `openai/...` and @ai-sdk/openai's default model stream the Responses API (a mode: its provider's wire).
  inputs: MODE.inputs,
  output: 'ag-ui',
  // tools: BuiltInAgent turns RunAgentInput.tools into AI SDK tools without execute (frontend tools,
  // dist/agent/index.mjs:363-383, :519), so a call ends the run after one model turn (no maxSteps: ai's default
  // stopWhen is one step). parallel_tools: each tool-call part becomes its own TOOL_CALL_* triple.
  // reasoning: reasoning-* parts become REASONING_* events (:719-747). abort: the run's AbortController
  // reaches streamText (:683). server_tools: BuiltInAgent's own tools, `tools: [defineTool({..., execute})]`
  // with `maxSteps` (:520-526, :532), run by ai's loop; their results become TOOL_CALL_RESULT (:844-886).
  // multimodal: image, audio, video and document parts of a user message become AI SDK image/file parts
  // (convertUserMessageContent, :130-221). retries: BuiltInAgent passes its `maxRetries` (unset) to
  // streamText, whose default retries a refused model call twice (ai 6). Not declared: structured_output
  // (BuiltInAgent has no output schema), provider_executed (OpenAI's built-in tools are not configured).
  // A sibling's `lacks` drops what its provider cannot take (@ai-sdk/openai-compatible 1.0.61: non-image files).
  features: ['tools', 'parallel_tools', 'server_tools', 'reasoning', 'abort', 'multimodal', 'retries']
    .filter((f) => !(MODE.lacks ?? []).includes(f)),
  max_retries: 2,
  policies: {
    // A stop leaves the run silent for the client: it detaches from the SSE answer (below).
    abort: 'silent',
    // BuiltInAgent drops the caller's system messages unless configured with forwardSystemMessages
    // (default off, :226-228 and :481-484) and uses its own `prompt`: the agent owns the system prompt.
    system_prompt: 'own',
    // A sibling's own policies, where its provider decides one (copilotkit-runtime-xai.mjs: missing_usage).
    ...(MODE.policies ?? {}),
  },
  // RUN_FINISHED carries the AI SDK's finishReason at the top level (dist/agent/converters/aisdk.mjs:14),
  // not under metadata.tanstack where the kit reads an AG-UI finish reason; its `usage` is the AG-UI
  // TokenUsage list (converters/usage.mjs), which the kit reads.
  reports_finish_reason: false,
  // The server flavour a sibling's provider is written for (docs/adapters.md `server`), when it names one.
  ...(MODE.server ? { server: MODE.server } : {}),
};

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function log(...args) {
  process.stderr.write(`[${MODE.name} harness] ${args.join(' ')}\n`);
}

function errorMessage(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}

function textOf(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => p?.text ?? p?.content ?? '').join('');
  return '';
}

// A user message's content as AG-UI input content: text parts as {type: 'text', text}; image, audio, video
// and document parts already have AG-UI's shape ({type, source: {type: 'data' | 'url', value, mimeType}}).
function userContent(content) {
  if (!Array.isArray(content)) return textOf(content);
  return content.map((p) => (p?.type === 'text' ? { type: 'text', text: p.text ?? p.content ?? '' } : p));
}

// Scenario messages (OpenAI-like) -> AG-UI messages, as a CopilotKit frontend sends them.
function aguiMessages(messages) {
  return (messages ?? []).map((m, i) => {
    const id = `m${i}`;
    if (m.role === 'assistant') {
      const toolCalls = (m.tool_calls ?? m.toolCalls ?? []).map((call) => ({
        id: String(call.id ?? call.toolCallId ?? ''),
        type: 'function',
        function: {
          name: String(call.function?.name ?? call.name ?? ''),
          arguments: typeof call.function?.arguments === 'string'
            ? call.function.arguments : JSON.stringify(call.function?.arguments ?? call.input ?? {}),
        },
      }));
      return { id, role: 'assistant', content: textOf(m.content), ...(toolCalls.length ? { toolCalls } : {}) };
    }
    if (m.role === 'tool') {
      const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '');
      return { id, role: 'tool', content, toolCallId: String(m.tool_call_id ?? m.toolCallId ?? '') };
    }
    if (m.role === 'system') return { id, role: 'system', content: textOf(m.content) };
    return { id, role: 'user', content: userContent(m.content) };
  });
}

function schemaOf(t) {
  return t.input_schema ?? t.inputSchema ?? t.parameters ?? { type: 'object', properties: {} };
}

// The caller's tools the agent does not run (frontend tools): RunAgentInput.tools.
function aguiTools(list) {
  return (list ?? []).filter((t) => !t.server).map((t) => ({
    name: t.name,
    description: t.description ?? '',
    parameters: schemaOf(t),
  }));
}

// A JSON Schema as Standard JSON Schema V1, which defineTool takes besides Zod (@copilotkit/shared
// dist/standard-schema.mjs:20-21): the tool reaches the model with the scenario's schema unchanged.
function standardJsonSchema(schema) {
  return { '~standard': { version: 1, vendor: 'json-schema', validate: (value) => ({ value }),
                          jsonSchema: { input: () => schema, output: () => schema } } };
}

// The agent's own tools (the scenario's server tools), each answering with its scripted results.
function serverTools(list, signal) {
  return (list ?? []).filter((t) => t.server).map((t) => defineTool({
    name: t.name,
    description: t.description ?? '',
    parameters: standardJsonSchema(schemaOf(t)),
    execute: toolExecutor(t, signal),
  }));
}

// ---------------------------------------------------------------- the runtime, mounted once
// case id -> upstream of the case, read by the agent factory. Kept after the case ends: a stop request
// resolves the agents again after the run was detached (one small entry per case).
const upstreams = new Map();

function agentFor(request) {
  const upstream = upstreams.get(request.headers.get(CASE_HEADER) ?? '');
  if (!upstream) return {};
  const tools = serverTools(upstream.tools, upstream.signal);
  // Without maxSteps ai stops after one model call; an agent with its own tools sets it so the model sees
  // their results (10: more than any scripted loop, fewer than an unbounded one).
  return { default: new BuiltInAgent({ model: MODE.model(providerModule, upstream), ...(tools.length ? { tools, maxSteps: 10 } : {}) }) };
}

// AgentsConfig may be a function of the request (resolveAgents, dist/v2/runtime/core/runtime.mjs:24-30).
const runtime = new CopilotRuntime({ agents: ({ request }) => agentFor(request) });
const handler = createCopilotRuntimeHandler({ runtime, basePath: BASE_PATH });

// ---------------------------------------------------------------- one case
const running = new Map(); // case id -> {controller, finish, threadId, runId}

// The SSE answer as @ag-ui/encoder frames it: `data: <json>` lines, events separated by a blank line.
async function* sseEvents(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n/g, '\n');
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = frame.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, ''));
      if (data.length) yield JSON.parse(data.join('\n'));
      cut = buffer.indexOf('\n\n');
    }
  }
}

async function runCase(message) {
  const id = message.case;
  const upstream = message.upstream ?? {};
  if (upstream.mode !== 'http') {
    send({ type: 'error', case: id, message: `this harness consumes the ${MODE.inputs[0]} wire over HTTP only (mode ${upstream.mode})` });
    return;
  }
  const request = message.request ?? {};
  const threadId = request.thread_id ?? `thread-${id}`;
  const runId = request.run_id ?? `run-${id}`;
  const controller = new AbortController();
  upstreams.set(id, { ...upstream, tools: request.tools, signal: controller.signal });
  let done = false;
  const finish = (line) => {
    if (done) return;
    done = true;
    running.delete(id);
    send(line);
  };
  running.set(id, { controller, finish, threadId, runId });
  const input = {
    threadId,
    runId,
    messages: aguiMessages(request.messages),
    tools: aguiTools(request.tools),
    context: [],
    state: {},
    forwardedProps: {},
  };
  try {
    const response = await handler(new Request(`http://localhost${BASE_PATH}/agent/default/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', [CASE_HEADER]: id },
      body: JSON.stringify(input),
      signal: controller.signal,
    }));
    if (!response.ok || !response.body) {
      finish({ type: 'error', case: id, message: await response.text(), http_status: response.status });
      return;
    }
    for await (const event of sseEvents(response.body)) {
      if (done) break;
      send({ type: 'event', case: id, event });
    }
    finish({ type: 'end', case: id });
  } catch (error) {
    if (controller.signal.aborted) finish({ type: 'end', case: id });
    else finish({ type: 'error', case: id, message: errorMessage(error), stack: error?.stack ?? '' });
  }
}

// What CopilotKit's frontend does on stop (@copilotkit/core 1.75.0 ProxiedCopilotRuntimeAgent.abortRun):
// POST {runtimeUrl}/agent/{id}/stop/{threadId} with {runId}, and the client stops reading the run.
async function stop(id) {
  const run = running.get(id);
  if (!run) {
    send({ type: 'abort-ack', case: id });
    return;
  }
  const stopped = handler(new Request(
    `http://localhost${BASE_PATH}/agent/default/stop/${encodeURIComponent(run.threadId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CASE_HEADER]: id },
      body: JSON.stringify({ runId: run.runId }),
    }));
  run.controller.abort();
  send({ type: 'abort-ack', case: id });
  run.finish({ type: 'end', case: id });
  try {
    const answer = await stopped;
    if (!answer.ok) log(`stop answered ${answer.status}: ${await answer.text()}`);
  } catch (error) {
    log(`stop failed: ${errorMessage(error)}`);
  }
}

// ---------------------------------------------------------------- the protocol loop
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    log(`ignoring a line that is not JSON: ${line.slice(0, 200)}`);
    return;
  }
  switch (message.type) {
    case 'hello':
      send({ type: 'capabilities', protocol: PROTOCOL, capabilities: CAPABILITIES });
      break;
    case 'case':
      runCase(message);
      break;
    case 'abort':
      stop(message.case);
      break;
    default:
      log(`ignoring message type ${message.type}`);
  }
});
lines.on('close', () => {
  for (const run of running.values()) run.controller.abort();
});
