#!/usr/bin/env node
// @ag-ui/mastra over Mastra agent chunks (sac-harness/1 over stdio, docs/adapter-protocol.md).
//
// The adapter under test is `MastraAgent`'s chunk reader: the suite's `mastra` dialect parts are what a
// Mastra agent's `fullStream` yields, so the harness gives MastraAgent a local agent (it has
// `getMemory`, as @mastra/core's Agent does) whose `stream()` returns those chunks as `fullStream`.
// Mastra's own agent loop is not run: the chunks are the loop's output. Every AG-UI event is sent
// unchanged as one `event` line (output protocol `ag-ui`).
//
//   pytest --adapter-cmd "node examples/ts-mastra/ag-ui-mastra-chunks.mjs" --dialect=mastra
import { createInterface } from 'node:readline';
import { MastraAgent } from '@ag-ui/mastra';

for (const level of ['log', 'info', 'debug', 'warn', 'error', 'dir']) {
  console[level] = (...args) => process.stderr.write(`${args.map(String).join(' ')}\n`);
}

const PROTOCOL = 'sac-harness/1';
const CAPABILITIES = {
  name: 'ag-ui-mastra-chunks',
  inputs: ['mastra'],
  output: 'ag-ui',
  features: ['tools', 'parallel_tools', 'reasoning', 'provider_executed'],
  policies: { missing_finish: 'stop' },
  failure_channel: 'observable',
  reports_finish_reason: false,
};

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function errorMessage(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}

function textOf(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => p?.text ?? '').join('');
  return '';
}

// A Mastra fullStream carries Error instances where JSON carries their fields (the `error` chunk's
// payload.error, which MastraAgent hands to `new Error(...)`): rebuild them as the stream has them.
function revive(chunk) {
  const error = chunk?.payload?.error;
  if (chunk?.type === 'error' && error && typeof error === 'object' && typeof error.message === 'string') {
    const e = new Error(error.message);
    for (const [k, v] of Object.entries(error)) if (k !== 'message') e[k] = v;
    return { ...chunk, payload: { ...chunk.payload, error: e } };
  }
  return chunk;
}

const running = new Map(); // case id -> {resolve pending pull, subscription, finish}

// The chunks of one case as an async iterable: each read is one `pull` (flow: pull).
function chunkStream(id) {
  return {
    [Symbol.asyncIterator]() {
      return {
        next() {
          return new Promise((resolve, reject) => {
            const run = running.get(id);
            if (!run) { resolve({ done: true, value: undefined }); return; }
            run.waiting = { resolve, reject };
            send({ type: 'pull', case: id });
          });
        },
        return() { return Promise.resolve({ done: true, value: undefined }); },
      };
    },
  };
}

function runCase(message) {
  const id = message.case;
  if ((message.upstream ?? {}).mode !== 'parts') {
    send({ type: 'error', case: id, message: 'this harness reads the mastra dialect only' });
    return;
  }
  const request = message.request ?? {};
  const agent = {
    name: 'conformance',
    model: { provider: 'mock', modelId: String(request.model ?? 'mock') },
    getMemory: async () => null,
    listTools: async () => ({}),
    // MastraModelOutput resolves `usage` from the finish chunk's output.usage; MastraAgent reads it there.
    stream: async () => {
      let settle;
      const usage = new Promise((resolve) => { settle = resolve; });
      const inner = chunkStream(id)[Symbol.asyncIterator]();
      const fullStream = { [Symbol.asyncIterator]: () => ({
        async next() {
          const r = await inner.next();
          if (r.done) settle(undefined);
          else if (r.value?.type === 'finish') settle(r.value.payload?.output?.usage);
          return r;
        },
        return: () => inner.return(),
      }) };
      return { fullStream, usage };
    },
  };
  const mastra = new MastraAgent({ agent, resourceId: 'conformance' });
  const run = { waiting: null, done: false };
  run.finish = (line) => {
    if (run.done) return;
    run.done = true;
    running.delete(id);
    send(line);
  };
  running.set(id, run);
  const messages = (request.messages ?? []).map((m, i) => ({
    id: `m${i}`, role: m.role === 'assistant' ? 'assistant' : m.role === 'system' ? 'system' : 'user',
    content: textOf(m.content),
  }));
  run.subscription = mastra.run({
    threadId: request.thread_id ?? `thread-${id}`,
    runId: request.run_id ?? `run-${id}`,
    messages,
    tools: (request.tools ?? []).map((t) => ({ name: t.name, description: t.description ?? '',
      parameters: t.input_schema ?? { type: 'object', properties: {} } })),
    context: [],
    state: {},
    forwardedProps: {},
  }).subscribe({
    next: (event) => { if (!run.done) send({ type: 'event', case: id, event }); },
    error: (error) => run.finish({ type: 'error', case: id, message: errorMessage(error), stack: error?.stack ?? '' }),
    complete: () => run.finish({ type: 'end', case: id }),
  });
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let message;
  try { message = JSON.parse(line); } catch { return; }
  const run = running.get(message.case);
  switch (message.type) {
    case 'hello':
      send({ type: 'capabilities', protocol: PROTOCOL, capabilities: CAPABILITIES, flow: 'pull' });
      break;
    case 'case':
      runCase(message);
      break;
    case 'part':
      if (run?.waiting) { const w = run.waiting; run.waiting = null; w.resolve({ done: false, value: revive(message.part) }); }
      break;
    case 'parts-end':
      if (run?.waiting) { const w = run.waiting; run.waiting = null; w.resolve({ done: true, value: undefined }); }
      break;
    case 'parts-error':
      if (run?.waiting) {
        const w = run.waiting; run.waiting = null;
        const e = new Error(message.error?.message ?? 'upstream error'); e.name = message.error?.name ?? 'Error';
        w.reject(e);
      }
      break;
    case 'abort':
      send({ type: 'abort-ack', case: message.case });
      if (run) { run.subscription?.unsubscribe(); run.finish({ type: 'end', case: message.case }); }
      break;
    default:
      break;
  }
});
lines.on('close', () => { for (const run of running.values()) run.subscription?.unsubscribe(); });
