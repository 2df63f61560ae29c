// Shared by the Groq reproducers: Groq's stream chunks (`data: {chat.completion.chunk}`, the usage in the last chunk's
// `x_groq.usage`, then `data: [DONE]`), and a BuiltInAgent whose model is a LanguageModel instance of @ai-sdk/groq
// 3.0.71 (the one installed in examples/ts-copilotkit: `createGroq({baseURL, apiKey})(id)`), on a canned server from
// ./_runtime.mjs. As the harness (../copilotkit-runtime-groq.mjs) does; no network beyond 127.0.0.1.
import { builtInAgentOn } from './_runtime.mjs';

const { createGroq } = await import('@ai-sdk/groq');

// One chunk with one choice (`x_groq` only where given: Groq puts the usage in the last chunk's x_groq, unasked).
export const chunk = (delta, finishReason = null, usage = undefined) => `data: ${JSON.stringify({ id: 'chatcmpl-1',
  object: 'chat.completion.chunk', created: 0, model: 'llama-3.3-70b-versatile',
  choices: [{ index: 0, delta, finish_reason: finishReason }], ...(usage ? { x_groq: { id: 'req_1', usage } } : {}) })}\n\n`;
export const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
export const done = 'data: [DONE]\n\n';
// Groq's in-band error frame: {error: {message, type}} (the body @ai-sdk/groq reads, dist/index.mjs:245-250).
export const errorFrame = (message, type) => `data: ${JSON.stringify({ error: { message, type } })}\n\n`;

// The agent on `url` (the canned server answers every path, so {baseURL}/chat/completions reaches it).
export function groqAgentOn(url, tools = []) {
  return builtInAgentOn(createGroq({ baseURL: url, apiKey: 'gsk-test' })('llama-3.3-70b-versatile'), tools);
}

// The calls the client got, id -> {name, args, ended}, from the runtime's SSE answer.
export function callsOf(events) {
  const calls = {};
  for (const e of events) {
    if (e.type === 'TOOL_CALL_START') calls[e.toolCallId] = { name: e.toolCallName, args: '', ended: false };
    if (e.type === 'TOOL_CALL_ARGS') calls[e.toolCallId].args += e.delta;
    if (e.type === 'TOOL_CALL_END') calls[e.toolCallId].ended = true;
  }
  return calls;
}

// A run input whose tools are `tools` (name -> JSON Schema properties), as a CopilotKit frontend sends them.
export const withTools = (content, tools) => ({ threadId: 't', runId: 'r',
  messages: [{ id: 'm', role: 'user', content }], context: [], state: {}, forwardedProps: {},
  tools: Object.entries(tools).map(([name, properties]) => ({ name, description: name,
    parameters: { type: 'object', properties } })) });
