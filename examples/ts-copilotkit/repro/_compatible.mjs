// Shared by the OpenAI-compatible reproducers: Chat Completions stream chunks (`data: {chat.completion.chunk}`,
// then `data: [DONE]`), and a BuiltInAgent whose model is a LanguageModel instance of @ai-sdk/openai-compatible
// (1.0.61, the one installed in examples/ts-copilotkit: `createOpenAICompatible({name, baseURL, apiKey,
// includeUsage}).chatModel(id)`), on a canned server from ./_runtime.mjs. As the harness
// (../copilotkit-runtime-openai-compatible.mjs) does; no network beyond 127.0.0.1.
import { builtInAgentOn } from './_runtime.mjs';

const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');

// One chat.completion.chunk with one choice.
export const chunk = (delta, finishReason = null, extra = {}) => `data: ${JSON.stringify({ id: 'chatcmpl-1',
  object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason }],
  ...extra })}\n\n`;
export const usageChunk = () => `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk',
  created: 0, model: 'm', choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`;
export const done = 'data: [DONE]\n\n';
// OpenAI's in-band error frame (openai 3.57.0 _streaming.py: a data event with `error` raises APIError).
export const errorFrame = (message, type, code) => `data: ${JSON.stringify({ error: { message, type, code } })}\n\n`;

// The agent on `url` (the canned server answers every path, so {baseURL}/chat/completions reaches it).
export function compatibleAgentOn(url, tools = []) {
  const model = createOpenAICompatible({ name: 'repro', baseURL: url, apiKey: 'sk-test', includeUsage: true })
    .chatModel('m');
  return builtInAgentOn(model, tools);
}

// The events as one readable line: type, with a delta or an error message where there is one.
export const show = (events) => events.map((e) => (e.delta ? `${e.type}(${JSON.stringify(e.delta)})`
  : e.type === 'RUN_ERROR' ? `${e.type}(${JSON.stringify(e.message)})` : e.type)).join(' ');
