#!/usr/bin/env node
// @ag-ui/mastra harness for the conformance suite (sac-harness/1 over stdio, docs/adapter-protocol.md).
//
// The adapter under test is `MastraAgent` from @ag-ui/mastra: a Mastra `Agent` (@mastra/core) whose
// model is `@ai-sdk/openai-compatible` pointed at the mock server's OpenAI Chat Completions
// endpoint, run with `MastraAgent.run(RunAgentInput)`. Every AG-UI event of the returned Observable
// is sent to the suite unchanged as one `event` line (output protocol `ag-ui`).
//
//   npm ci --prefix examples/ts-mastra
//   pytest --adapter-cmd "node examples/ts-mastra/ag-ui-mastra.mjs" --dialect=openai-chat
//
// stdout carries protocol lines only; diagnostics go to stderr.
import { createInterface } from 'node:readline';
import { MastraAgent } from '@ag-ui/mastra';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent } from '@mastra/core/agent';

// stdout is the protocol channel: Mastra's and the AI SDK's console output goes to stderr.
for (const level of ['log', 'info', 'debug', 'warn', 'error', 'dir']) {
  console[level] = (...args) => process.stderr.write(`${args.map(String).join(' ')}\n`);
}

const PROTOCOL = 'sac-harness/1';

const CAPABILITIES = {
  name: 'ag-ui-mastra',
  inputs: ['openai-chat'],
  output: 'ag-ui',
  // @ag-ui/mastra maps Mastra's reasoning-* chunks to REASONING_* events; frontend tools come from
  // RunAgentInput.tools (client tools without execute, so one model turn per case).
  features: ['tools', 'parallel_tools', 'reasoning', 'abort'],
  // A stream with no finish reason: @ai-sdk/openai-compatible raises 'Response stream ended without a
  // finish reason' and the run fails (the recommended choice: success would hide the truncation).
  policies: { abort: 'silent', missing_finish: 'error' },
  // MastraAgent is an AG-UI AbstractAgent: it fails a run by erroring run()'s Observable (handleChunk
  // throws on Mastra's 'error' chunk), as @ag-ui/client's HttpAgent does; AbstractAgent.runAgent reports
  // that to onRunFailed (@ag-ui/client 1.0.0 src/agent/agent.ts:364-370). The `error` line below is it.
  failure_channel: 'observable',
  // Plain AG-UI: RUN_FINISHED has no finish reason.
  reports_finish_reason: false,
};

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function log(...args) {
  process.stderr.write(`[ag-ui-mastra harness] ${args.join(' ')}\n`);
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

// Scenario messages (OpenAI-like) -> AG-UI messages, as a client (CopilotKit) sends them.
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
    return { id, role: m.role === 'system' ? 'system' : 'user', content: textOf(m.content) };
  });
}

function aguiTools(list) {
  return (list ?? []).map((t) => ({
    name: t.name,
    description: t.description ?? '',
    parameters: t.input_schema ?? t.inputSchema ?? t.parameters ?? { type: 'object', properties: {} },
  }));
}

// ---------------------------------------------------------------- one case
const running = new Map(); // case id -> {subscription, finish}

function runCase(message) {
  const id = message.case;
  const upstream = message.upstream ?? {};
  if (upstream.mode !== 'http') {
    send({ type: 'error', case: id, message: `this harness consumes the openai-chat wire only (mode ${upstream.mode})` });
    return;
  }
  const request = message.request ?? {};
  const provider = createOpenAICompatible({
    name: 'mock',
    baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
    headers: upstream.headers ?? {},
    // Ask for the usage chunk (stream_options.include_usage), as an app that reports usage does.
    includeUsage: true,
  });
  const agent = new Agent({
    id: 'conformance',
    name: 'conformance',
    instructions: '',
    model: provider.chatModel(upstream.model_id),
  });
  const mastra = new MastraAgent({ agent, resourceId: 'conformance' });
  let done = false;
  const finish = (line) => {
    if (done) return;
    done = true;
    running.delete(id);
    send(line);
  };
  const subscription = mastra.run({
    threadId: request.thread_id ?? `thread-${id}`,
    runId: request.run_id ?? `run-${id}`,
    messages: aguiMessages(request.messages),
    tools: aguiTools(request.tools),
    context: [],
    state: {},
    forwardedProps: {},
  }).subscribe({
    next: (event) => {
      if (!done) send({ type: 'event', case: id, event });
    },
    // The Observable's error notification: the run failed (the declared failure_channel, not a crash).
    error: (error) => finish({ type: 'error', case: id, message: errorMessage(error), stack: error?.stack ?? '' }),
    complete: () => finish({ type: 'end', case: id }),
  });
  running.set(id, { subscription, finish });
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
    case 'abort': {
      // An AG-UI client aborts by unsubscribing from the run's Observable (what HttpAgent and
      // CopilotKit do); the run then emits nothing more.
      const run = running.get(message.case);
      send({ type: 'abort-ack', case: message.case });
      if (run) {
        run.subscription.unsubscribe();
        run.finish({ type: 'end', case: message.case });
      }
      break;
    }
    default:
      log(`ignoring message type ${message.type}`);
  }
});
lines.on('close', () => {
  for (const run of running.values()) run.subscription.unsubscribe();
});
