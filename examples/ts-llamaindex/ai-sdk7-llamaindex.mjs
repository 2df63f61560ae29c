#!/usr/bin/env node
// The AI SDK's LlamaIndex adapter: `toUIMessageStream` of `@ai-sdk/llamaindex` 3.0.111 (which depends on `ai`
// 7.0.111 exactly) over a LlamaIndex.TS chat engine's stream, answered the way a route does it with ai 7's
// `createUIMessageStreamResponse`. The engine is the one the AI SDK's docs show with this adapter:
// `new SimpleChatEngine({ llm })` of `llamaindex` 0.12.1 and `chatEngine.chat({ message, stream: true })`
// (ai docs content/providers/04-adapters/02-llamaindex.mdx, content/docs/07-reference/04-stream-helpers/
// 16-llamaindex-adapter.mdx); the route's answer is the one ai's migration guide gives for this package
// (node_modules/ai/docs/08-migration-guides/26-migration-guide-5-0.mdx "LlamaIndex Adapter Moved to
// `@ai-sdk/llamaindex`": `createUIMessageStreamResponse({ stream: toUIMessageStream(stream) })`). The LLM is
// `@llamaindex/openai` 0.4.22's `OpenAI` (in llamaindex 0.12 the OpenAI LLM is its own package; 0.4.22 is the
// newest release whose peers are llamaindex 0.12.1's @llamaindex/core 0.6.22 and @llamaindex/env 0.1.30), whose
// openai 5 client streams `POST {baseURL}/chat/completions` against the mock server. The harness reads the
// Response's body as the browser's transport would (SSE `data: <chunk>` frames, then `data: [DONE]`) and sends
// each chunk to the suite as one `event`: ai 7's UI message stream (`ui-message-stream@7`). sac-harness/1 over
// stdio (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts-llamaindex/ai-sdk7-llamaindex.mjs" --conformance-dialect=openai-chat
//
// The packages are this directory's (npm ci --prefix examples/ts-llamaindex). ai 7 and @ai-sdk/llamaindex declare
// node >= 22; they run on Node 20.
//
// What the adapter is (dist/index.js of @ai-sdk/llamaindex 3.0.111, the whole package): `toUIMessageStream(stream,
// callbacks)` reads `message.delta` of each item of an AsyncIterable<{delta: string}>, trims the start of the text
// (trimStartOfStream), and emits `text-start` (id '1'), one `text-delta` per item and `text-end`: text only. It has
// no tool, reasoning, finish, usage or error chunks, and SimpleChatEngine.chat sends the LLM no tools and no
// response format (@llamaindex/core 0.6.22 chat-engine/dist/index.js:923-953).
import { runHarness } from '../../harness/ts/index.js';
import { parseArguments, textOf } from '../../harness/ts/convert.js';

const { toUIMessageStream } = await import('@ai-sdk/llamaindex');
const { createUIMessageStreamResponse } = await import('ai');
const { SimpleChatEngine } = await import('llamaindex');
const { OpenAI } = await import('@llamaindex/openai');

// Declared from the packages' dist before any run:
const CAPABILITIES = {
  name: 'ai-sdk7-llamaindex',
  inputs: ['openai-chat'],
  // toUIMessageStream returns ai's UIMessageChunk stream (dist/index.d.ts), ai 7.0.111's.
  output: 'ui-message-stream@7',
  features: [
    // A user message's content may be LlamaIndex content details: `image_url` parts go to OpenAI as they are,
    // a PDF `file` part as a Chat Completions file part (@llamaindex/openai dist/index.js:1047-1088), and
    // SimpleChatEngine passes the message content through (chat-engine :926-934).
    'multimodal',
    // The route's Response body is cancelled when the client disconnects: the harness cancels its reader at the
    // caller's abort, which reaches convertAsyncIteratorToReadableStream's cancel -> iterator.return()
    // (ai 7.0.111 dist/internal/index.js:195-200). SimpleChatEngine.chat takes no AbortSignal.
    'abort',
  ],
  // No tools (SimpleChatEngine calls llm.chat({messages, stream}) only), no reasoning (the OpenAI LLM's
  // streamChat reads delta.content only, dist/index.js:1159-1232), no structured output, no server tools.
  // maxRetries is 0 below (the OpenAI LLM's default is 10): a scripted 429/500 is the case itself.
  max_retries: 0,
  // The adapter sends no `finish` chunk (no finish reason) and no usage.
  reports_finish_reason: false,
  reports_usage: false,
  // The OpenAI LLM accepts any OpenAI-compatible server (baseURL).
  policies: {
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    // An aborted run: the body is cancelled and nothing more is sent.
    abort: 'silent',
    // A stream that ends without a finish_reason ends the engine's stream as any other: text-end, then the end.
    missing_finish: 'stop',
  },
};

// ---------------------------------------------------------------- request -> LlamaIndex ChatMessage[]
// User content (a string, or TanStack content parts) -> LlamaIndex MessageContent: text details, images as
// `image_url` details (a data URL for inline data), PDFs as `file` details (base64 data).
function userContent(content) {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  const parts = [];
  for (const part of Array.isArray(content) ? content : []) {
    if (part == null || typeof part !== 'object') continue;
    if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text ?? part.content ?? '' });
    } else if (part.source && typeof part.source === 'object') {
      const mimeType = part.source.mimeType ?? part.mimeType;
      const url = part.source.type === 'url' ? part.source.value
        : `data:${mimeType ?? 'application/octet-stream'};base64,${part.source.value}`;
      if (part.type === 'image') parts.push({ type: 'image_url', image_url: { url } });
      else parts.push({ type: 'file', mimeType: mimeType ?? 'application/octet-stream', data: part.source.value });
    }
  }
  return parts;
}

/** The caller's OpenAI-style history -> the engine's `message` (the last user message) and `chatHistory`. */
function toChat(messages) {
  const all = (messages ?? []).map((m) => {
    if (m.role === 'user') return { role: 'user', content: userContent(m.content) };
    if (m.role === 'system') return { role: 'system', content: textOf(m.content) };
    if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).map((call) => ({ id: String(call.id ?? ''), name: call.function?.name ?? '',
        input: parseArguments(call.function?.arguments) }));
      return { role: 'assistant', content: textOf(m.content), ...(calls.length ? { options: { toolCall: calls } } : {}) };
    }
    if (m.role === 'tool') {
      return { role: 'user', content: textOf(m.content),
        options: { toolResult: { id: String(m.tool_call_id ?? ''), result: textOf(m.content), isError: false } } };
    }
    return { role: m.role, content: textOf(m.content) };
  });
  let last = all.length - 1;
  while (last >= 0 && !(all[last].role === 'user' && !all[last].options)) last -= 1;
  if (last < 0 || last !== all.length - 1) {
    throw new Error('SimpleChatEngine.chat takes a new user message; this history does not end with one');
  }
  return { message: all[last].content, chatHistory: all.slice(0, last) };
}

// The route's Response body (SSE, JsonToSseTransformStream, ai 7.0.111 dist/index.js:7068) -> its chunks, as the
// client's transport reads them: one `data:` frame a chunk, `[DONE]` last. At the caller's abort the reader is
// cancelled, as a closed connection cancels a route's body.
async function* sseChunks(body, signal) {
  const reader = body.getReader();
  const onAbort = () => { reader.cancel().catch(() => {}); };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
        if (data === '' || data === '[DONE]') continue;
        yield JSON.parse(data);
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

// ---------------------------------------------------------------- one case
async function* stream(c) {
  if (c.upstream.mode !== 'http') throw new Error(`this harness consumes the openai-chat wire only (upstream mode ${c.upstream.mode})`);
  const request = c.request;
  const options = request.options ?? {};
  const { message, chatHistory } = toChat(request.messages);
  // The docs' `new OpenAI({ model })`, pointed at the mock: c.baseURL is the mock server's /v1.
  const llm = new OpenAI({
    model: c.modelId,
    apiKey: 'sk-conformance',
    baseURL: c.baseURL,
    maxRetries: 0,
    ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
    additionalSessionOptions: { defaultHeaders: c.headers },
  });
  const chatEngine = new SimpleChatEngine({ llm });
  const engineStream = await chatEngine.chat({ message, chatHistory, stream: true });
  const response = createUIMessageStreamResponse({ stream: toUIMessageStream(engineStream) });
  yield* sseChunks(response.body, c.signal);
}

runHarness({ capabilities: CAPABILITIES, stream });
