// Shared by the Mistral reproducers: Mistral's stream chunks (`data: {chat.completion.chunk}`, usage on the finish
// chunk, then `data: [DONE]`), and a BuiltInAgent whose model is a LanguageModel instance of @ai-sdk/mistral 3.0.68
// (the one installed in examples/ts-copilotkit: `createMistral({baseURL, apiKey})(id)`), on a canned server from
// ./_runtime.mjs. As the harness (../copilotkit-runtime-mistral.mjs) does; no network beyond 127.0.0.1.
import { builtInAgentOn } from './_runtime.mjs';

const { createMistral } = await import('@ai-sdk/mistral');

// One chunk with one choice (`usage` only where given: Mistral sends it on the finish chunk, unasked).
export const chunk = (delta, finishReason = null, usage = undefined) => `data: ${JSON.stringify({ id: 'cmpl-1',
  object: 'chat.completion.chunk', created: 0, model: 'mistral-small-latest',
  choices: [{ index: 0, delta, finish_reason: finishReason }], ...(usage ? { usage } : {}) })}\n\n`;
// A chunk with no choice at all (Azure's content-filter chunk has this shape).
export const emptyChoices = () => `data: ${JSON.stringify({ id: 'cmpl-1', object: 'chat.completion.chunk',
  created: 0, model: 'mistral-small-latest', choices: [] })}\n\n`;
export const usage = (extra = {}) => ({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, ...extra });
// A thinking chunk inside an array `delta.content`, as Mistral's reasoning models stream it.
export const thinking = (text) => ({ content: [{ type: 'thinking', thinking: [{ type: 'text', text }] }] });
export const done = 'data: [DONE]\n\n';

// The agent on `url` (the canned server answers every path, so {baseURL}/chat/completions reaches it).
export function mistralAgentOn(url, tools = []) {
  return builtInAgentOn(createMistral({ baseURL: url, apiKey: 'test' })('mistral-small-latest'), tools);
}
