// Shared by the DeepSeek reproducers: DeepSeek's stream chunks (`data: {chat.completion.chunk}`, usage in a last chunk
// with no choice, as `stream_options.include_usage` asks, then `data: [DONE]`), and a BuiltInAgent whose model is a
// LanguageModel instance of @ai-sdk/deepseek 2.0.69 (the one installed in examples/ts-copilotkit:
// `createDeepSeek({baseURL, apiKey})(id)`), on a canned server from ./_runtime.mjs. As the harness
// (../copilotkit-runtime-deepseek.mjs) does; no network beyond 127.0.0.1.
import { builtInAgentOn } from './_runtime.mjs';

const { createDeepSeek } = await import('@ai-sdk/deepseek');

// One chunk with one choice.
export const chunk = (delta, finishReason = null) => `data: ${JSON.stringify({ id: 'cmpl-1',
  object: 'chat.completion.chunk', created: 0, model: 'deepseek-chat',
  choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
// The usage chunk (no choice), DeepSeek's shape: prompt_cache_hit/miss_tokens always, completion_tokens_details only
// where given (DeepSeek's API sends it for a thinking answer).
export const usageChunk = (extra = {}) => `data: ${JSON.stringify({ id: 'cmpl-1', object: 'chat.completion.chunk',
  created: 0, model: 'deepseek-chat', choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15,
    prompt_tokens_details: { cached_tokens: 0 }, prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: 10, ...extra } })}\n\n`;
export const done = 'data: [DONE]\n\n';

// The agent on `url` (the canned server answers every path, so {baseURL}/chat/completions reaches it).
export function deepseekAgentOn(url, tools = []) {
  return builtInAgentOn(createDeepSeek({ baseURL: url, apiKey: 'test' })('deepseek-chat'), tools);
}
