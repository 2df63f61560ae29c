#!/usr/bin/env node
// AI SDK 7's agent path: a `ToolLoopAgent` (ai 7.0.173, npm alias `ai7`) whose model is `@ai-sdk/anthropic` 4
// (`createAnthropic({baseURL, apiKey})`, the Messages API, `POST {baseURL}/messages`), answered the way ai 7's
// docs write an agent's route handler: `createAgentUIStreamResponse({agent, uiMessages})`
// (docs/07-reference/01-ai-sdk-core/18-create-agent-ui-stream-response.mdx, docs/03-agents/02-building-agents.mdx
// "Respond to UI Messages"). The harness reads that Response's body as the browser's transport would (SSE
// `data: <chunk>` frames, then `data: [DONE]`) and sends each chunk to the suite as one `event`: ai 7's UI message
// stream (`ui-message-stream@7`). sac-harness/1 over stdio (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-agent-anthropic.mjs" --conformance-dialect=anthropic
//
// What differs from the streamText harness (ai-sdk7-anthropic.mjs, whose code is ai-sdk-openai-compatible.mjs):
// - the caller's history goes in as UI messages (`uiMessages: unknown[]`), what useChat posts: the route
//   validates them (validateUIMessagesForAgent, ai 7.0.173 dist/index.js:12401) and converts them with
//   convertToModelMessages (:11582) before agent.stream({prompt}) (:12426-12445). A tool message of the
//   OpenAI-style history becomes its call's tool part in state `output-available`, as useChat holds it;
// - leading system messages become the agent's `instructions` (ToolLoopAgentSettings.instructions): the agent
//   rejects system messages in its prompt (allowSystemInMessages defaults to false, standardizePrompt :2259);
// - the loop is the agent's: it stops at a tool without `execute` (a client tool), otherwise goes on until
//   isStepCount(20) (ToolLoopAgent's default stopWhen, dist/index.d.ts ToolLoopAgentSettings.stopWhen).
// One agent per case: its tools, instructions and output are the case's (an app defines one at module level).
import { runHarness } from '../../harness/ts/index.js';
import { parseArguments, textOf, toolExecutor } from '../../harness/ts/convert.js';

const { createAnthropic } = await import('@ai-sdk/anthropic');
const { ToolLoopAgent, createAgentUIStreamResponse, jsonSchema, Output, tool } = await import('ai7');

// Declared from ai 7's agent docs and types (node_modules/ai7/docs/03-agents, dist/index.d.ts), before any run:
const CAPABILITIES = {
  name: 'ai-sdk7-agent-anthropic',
  inputs: ['anthropic'],
  // createAgentUIStream returns toUIMessageStream's chunks (dist/index.js:12446-12452): ai 7's UI message stream.
  output: 'ui-message-stream@7',
  features: [
    // ToolLoopAgentSettings.tools; a tool without execute ends the loop and is the caller's to run
    // (ToolLoopAgent's doc comment: "A tool that is invoked does not have an execute function"). Several calls
    // in one step: ToolLoopAgentSettings.toolCallConcurrency, "By default, all tool calls execute concurrently".
    'tools', 'parallel_tools',
    // Tools with execute run in the loop (docs/03-agents/02-building-agents.mdx): server tools.
    'server_tools',
    // toUIMessageStream's sendReasoning defaults to true (dist/index.js:7959).
    'reasoning',
    // createAgentUIStreamResponse({abortSignal}) "aborts when the client disconnects" (its reference page).
    'abort',
    // ToolLoopAgentSettings.output: "Optional specification for generating structured outputs".
    'structured_output',
    // UI file parts (mediaType, url) become the model's file parts (convertUserContentUIPart, :11802).
    'multimodal',
  ],
  // maxRetries (LanguageModelCallOptions, an agent setting) is 0 below: a scripted 429/500 is the case itself.
  max_retries: 0,
  policies: {
    // The same stream code as streamText's toUIMessageStream: an unparsable input is `tool-input-error` with
    // the raw text as `input`.
    malformed_args: 'raw',
    // The UI message stream has no usage chunk.
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    // An aborted streamText run ends with one `abort` chunk; the agent's stream() is streamText (:11337).
    abort: 'cancelled',
    // streamText forwards the provider's 'other'.
    unknown_finish: 'null',
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
};

function errorMessage(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}

// ---------------------------------------------------------------- request -> UI messages
// User content (a string, or TanStack content parts) -> UI message parts: text, and file parts whose url is a
// data URL (inline) or the source's URL, `image/*` for an image whose source names no media type.
function userParts(content) {
  if (content == null) return [{ type: 'text', text: '' }];
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  const parts = [];
  for (const part of Array.isArray(content) ? content : []) {
    if (part == null || typeof part !== 'object') continue;
    if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text ?? part.content ?? '' });
    } else if (part.source && typeof part.source === 'object') {
      const mediaType = part.source.mimeType ?? part.mimeType ?? (part.type === 'image' ? 'image/*' : 'application/octet-stream');
      const url = part.source.type === 'url' ? part.source.value : `data:${mediaType};base64,${part.source.value}`;
      parts.push({ type: 'file', mediaType, url });
    }
  }
  return parts.length > 0 ? parts : [{ type: 'text', text: '' }];
}

// A tool message's content -> the tool part's output, as the tool returned it (JSON when it parses).
function toolOutputValue(content) {
  if (typeof content !== 'string') return content ?? '';
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/** The caller's OpenAI-style history -> the agent's instructions and the UIMessage[] useChat would post. */
function toUIMessages(messages) {
  const all = messages ?? [];
  let n = 0;
  while (n < all.length && all[n].role === 'system') n += 1;
  const instructions = all.slice(0, n).map((m) => textOf(m.content)).join('\n\n');
  const out = [];
  const toolParts = new Map(); // call id -> its tool part, to which a later tool message adds the output
  for (const [i, m] of all.slice(n).entries()) {
    const id = `msg-${i}`;
    if (m.role === 'system') {
      out.push({ id, role: 'system', parts: [{ type: 'text', text: textOf(m.content) }] });
    } else if (m.role === 'user') {
      out.push({ id, role: 'user', parts: userParts(m.content) });
    } else if (m.role === 'assistant') {
      const parts = [];
      const text = textOf(m.content);
      if (text) parts.push({ type: 'text', text, state: 'done' });
      for (const call of m.tool_calls ?? []) {
        const toolCallId = String(call.id ?? '');
        const part = { type: `tool-${call.function?.name ?? ''}`, toolCallId, state: 'input-available',
          input: parseArguments(call.function?.arguments) };
        toolParts.set(toolCallId, part);
        parts.push(part);
      }
      out.push({ id, role: 'assistant', parts });
    } else if (m.role === 'tool') {
      const part = toolParts.get(String(m.tool_call_id ?? ''));
      if (part) Object.assign(part, { state: 'output-available', output: toolOutputValue(m.content) });
    }
  }
  return { instructions: instructions || undefined, uiMessages: out };
}

// Scenario tools -> AI SDK tools: a client tool has no execute (the caller runs it; the agent's loop stops
// there); a server tool executes with the scenario's scripted result for the call id.
function tools(list, c) {
  if (!list || list.length === 0) return undefined;
  const out = {};
  for (const t of list) {
    const schema = t.input_schema ?? t.inputSchema ?? t.parameters ?? { type: 'object', properties: {} };
    const execute = toolExecutor(t, c);
    out[t.name] = tool({ description: t.description ?? '', inputSchema: jsonSchema(schema),
      ...(execute ? { execute: (input, options) => execute(input, options) } : {}) });
  }
  return out;
}

// The route's Response body (SSE, JsonToSseTransformStream :6509) -> its chunks, as the client's transport
// reads them: one `data:` frame a chunk, `[DONE]` last.
async function* sseChunks(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
      if (data === '' || data === '[DONE]') continue;
      yield JSON.parse(data);
    }
  }
}

// ---------------------------------------------------------------- one case
async function* stream(c) {
  if (c.upstream.mode !== 'http') throw new Error(`this harness consumes the anthropic wire only (upstream mode ${c.upstream.mode})`);
  const request = c.request;
  const options = request.options ?? {};
  const { instructions, uiMessages } = toUIMessages(request.messages);
  const agent = new ToolLoopAgent({
    // c.baseURL is the mock server's /v1 (the Messages route is /v1/messages).
    model: createAnthropic({ baseURL: c.baseURL, apiKey: 'sk-ant-conformance', headers: c.headers })(c.modelId),
    ...(instructions ? { instructions } : {}),
    tools: tools(request.tools, c),
    ...(request.output_schema ? { output: Output.object({ schema: jsonSchema(request.output_schema) }) } : {}),
    ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
    maxRetries: 0,
    onError: ({ error }) => c.log(`${c.id}: agent onError: ${errorMessage(error)}`),
  });
  const response = await createAgentUIStreamResponse({
    agent,
    uiMessages,
    // The route's request.signal in the docs' example; no custom reason, as streamText recognises the DOM AbortError.
    abortSignal: c.signal,
    // Forward the error's message, as the docs show for apps that want it (the default masks it).
    onError: errorMessage,
  });
  yield* sseChunks(response.body);
}

runHarness({ capabilities: CAPABILITIES, stream, sends: ['tool-started'] });
