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
// set to its packages, name and output protocol before importing it.
import { createInterface } from 'node:readline';

const AISDK = globalThis.SAC_AISDK ?? {
  ai: 'ai', provider: '@ai-sdk/openai-compatible', name: 'ai-sdk-openai-compatible', output: 'ui-message-stream',
};
const { createOpenAICompatible } = await import(AISDK.provider);
const { jsonSchema, Output, streamText, tool } = await import(AISDK.ai);

// stdout is the protocol channel: the AI SDK's own console output (its warning notices use
// console.info, which Node writes to stdout) goes to stderr.
for (const level of ['log', 'info', 'debug', 'warn']) {
  console[level] = (...args) => process.stderr.write(`${args.map(String).join(' ')}\n`);
}

const PROTOCOL = 'sac-harness/1';
const MASK_ERRORS = process.env.SAC_AISDK_MASK_ERRORS === '1';

const CAPABILITIES = {
  name: AISDK.name,
  inputs: ['openai-chat'],
  output: AISDK.output,
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'multimodal'],
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
  },
  reports_finish_reason: true,
};

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function log(...args) {
  process.stderr.write(`[ai-sdk harness] ${args.join(' ')}\n`);
}

function errorMessage(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}

// ---------------------------------------------------------------- request -> AI SDK call
function parseArguments(text) {
  if (typeof text !== 'string') return text ?? {};
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

// Scenario user content (string, or TanStack/AG-UI parts) -> AI SDK user content.
function userContent(content) {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  const parts = [];
  for (const part of Array.isArray(content) ? content : []) {
    if (part == null || typeof part !== 'object') continue;
    if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text ?? part.content ?? '' });
    } else if (part.source && typeof part.source === 'object') {
      const mediaType = part.source.mimeType ?? part.mimeType ?? 'application/octet-stream';
      const data = part.source.value;
      if (part.type === 'image') parts.push({ type: 'image', image: data, mediaType });
      else parts.push({ type: 'file', data, mediaType });
    }
  }
  return parts;
}

function textOf(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => p?.text ?? p?.content ?? '').join('');
  return '';
}

// ai 7 rejects system messages in `messages` (7.0.173 dist/index.js:2259, "Use the instructions
// option instead"): there the leading system messages go in `instructions`, as ai 7 code is written.
// ai 6 takes them in `messages`.
function prompt(messages) {
  if (!AISDK.output.endsWith('@7')) return { messages };
  let n = 0;
  while (n < messages.length && messages[n].role === 'system') n += 1;
  return n === 0 ? { messages } : { instructions: messages.slice(0, n), messages: messages.slice(n) };
}

// Scenario messages (OpenAI-like) -> AI SDK ModelMessage[].
function modelMessages(messages) {
  const out = [];
  const names = new Map();
  for (const m of messages ?? []) {
    if (m.role === 'system') {
      out.push({ role: 'system', content: textOf(m.content) });
    } else if (m.role === 'user') {
      out.push({ role: 'user', content: userContent(m.content) });
    } else if (m.role === 'assistant') {
      const content = [];
      const text = textOf(m.content);
      if (text) content.push({ type: 'text', text });
      for (const call of m.tool_calls ?? m.toolCalls ?? []) {
        const fn = call.function ?? {};
        const toolCallId = String(call.id ?? call.toolCallId ?? '');
        const toolName = String(fn.name ?? call.name ?? call.toolName ?? '');
        names.set(toolCallId, toolName);
        const input = parseArguments(fn.arguments ?? call.arguments ?? call.args ?? call.input);
        content.push({ type: 'tool-call', toolCallId, toolName, input });
      }
      out.push({ role: 'assistant', content });
    } else if (m.role === 'tool') {
      const toolCallId = String(m.tool_call_id ?? m.toolCallId ?? '');
      const value = m.content;
      let output = { type: 'text', value: textOf(value) };
      if (typeof value === 'string') {
        try {
          output = { type: 'json', value: JSON.parse(value) };
        } catch {
          // plain text result
        }
      } else if (value != null) {
        output = { type: 'json', value };
      }
      out.push({
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId, toolName: names.get(toolCallId) ?? '', output }],
      });
    }
  }
  return out;
}

// Scenario tools -> AI SDK tools without `execute`: the caller (the UI) runs them.
function tools(list) {
  if (!list || list.length === 0) return undefined;
  const out = {};
  for (const t of list) {
    const schema = t.input_schema ?? t.inputSchema ?? t.parameters ?? { type: 'object', properties: {} };
    out[t.name] = tool({ description: t.description ?? '', inputSchema: jsonSchema(schema) });
  }
  return out;
}

// ---------------------------------------------------------------- one case
const running = new Map(); // case id -> AbortController

async function runCase(message) {
  const id = message.case;
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const upstream = message.upstream ?? {};
    if (upstream.mode !== 'http') {
      throw new Error(`this harness consumes the openai-chat wire only (upstream mode ${upstream.mode})`);
    }
    const request = message.request ?? {};
    const provider = createOpenAICompatible({
      name: 'mock',
      baseURL: `${String(upstream.base_url).replace(/\/$/, '')}/v1`,
      headers: upstream.headers ?? {},
      // The mock endpoint is OpenAI's Chat Completions, which takes response_format json_schema; without
      // this flag the provider falls back to json_object and drops the schema (@ai-sdk/openai-compatible
      // 2.0.92 dist/index.mjs:507, :539), a statement about the server, which the caller makes.
      supportsStructuredOutputs: true,
    });
    const options = request.options ?? {};
    const result = streamText({
      model: provider.chatModel(upstream.model_id),
      ...prompt(modelMessages(request.messages)),
      tools: tools(request.tools),
      ...(request.output_schema ? { output: Output.object({ schema: jsonSchema(request.output_schema) }) } : {}),
      ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
      abortSignal: controller.signal,
      maxRetries: 0, // the suite grades one request; a retry would replay the scripted failure
      onError: ({ error }) => log(`${id}: streamText onError: ${errorMessage(error)}`),
    });
    const stream = result.toUIMessageStream(MASK_ERRORS ? {} : { onError: errorMessage });
    for await (const chunk of stream) {
      send({ type: 'event', case: id, event: chunk });
    }
    send({ type: 'end', case: id });
  } catch (error) {
    send({ type: 'error', case: id, message: errorMessage(error), stack: error?.stack ?? '' });
  } finally {
    running.delete(id);
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
      // No custom reason: streamText recognises the DOM AbortError the default reason makes.
      running.get(message.case)?.abort();
      // Events printed before this line were emitted before the abort reached the harness.
      send({ type: 'abort-ack', case: message.case });
      break;
    default:
      log(`ignoring message type ${message.type}`);
  }
});
lines.on('close', () => {
  for (const controller of running.values()) controller.abort();
});
