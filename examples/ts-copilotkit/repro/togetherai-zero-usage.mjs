// Reproducer (outside the suite) of D-zero-filled-usage on Together AI, pinned in
// tests/data/copilotkit-runtime-togetherai.verdicts.json (text.basic.001 and every case whose usage has no cache or
// reasoning count, row 8.3.v3): the upstream's usage is Together's (recorded api.together.xyz streams: prompt_tokens,
// completion_tokens, total_tokens and Together's own top-level cached_tokens; no prompt_tokens_details, no
// completion_tokens_details), and @ai-sdk/togetherai 2.0.84's chat model (its nested @ai-sdk/openai-compatible 2.0.78)
// converts it with convertOpenAICompatibleChatUsage, which reads `prompt_tokens_details?.cached_tokens ?? 0` and
// `completion_tokens_details?.reasoning_tokens ?? 0` (dist/index.mjs:66-67): "not reported" becomes 0. BuiltInAgent
// copies the counts (@copilotkit/runtime 1.75.0 dist/agent/converters/aisdk.mjs:12-26), so RUN_FINISHED.usage says
// cachedInputTokens 0 and reasoningTokens 0, which an AG-UI client reads as counts. Reported counts (12 cached, 7
// reasoning) are kept, for contrast.
// Run: node examples/ts-copilotkit/repro/togetherai-zero-usage.mjs
// Prints both runs' usage; exits 1 while an absent count is reported as 0 (0 once it is left out).
import { builtInAgentOn, runtimeEvents, say, serve } from './_runtime.mjs';

const { createTogetherAI } = await import('@ai-sdk/togetherai');

const chunk = (delta, finishReason = null, extra = {}) => `data: ${JSON.stringify({ id: 'cmpl-1',
  object: 'chat.completion.chunk', created: 0, model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
  choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;

async function usageFor(usage) {
  const body = chunk({ role: 'assistant', content: 'Done.' }) + chunk({}, 'stop')
    + `data: ${JSON.stringify({ id: 'cmpl-1', object: 'chat.completion.chunk', created: 0, choices: [], usage })}\n\n`
    + 'data: [DONE]\n\n';
  const { server, url } = await serve([body]);
  const model = createTogetherAI({ baseURL: url, apiKey: 'test' })('meta-llama/Llama-3.3-70B-Instruct-Turbo');
  const sent = await runtimeEvents(builtInAgentOn(model));
  server.close();
  return sent.at(-1)?.usage?.[0] ?? {};
}
const together = await usageFor({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, cached_tokens: 0 });
const counted = await usageFor({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15,
  prompt_tokens_details: { cached_tokens: 12 }, completion_tokens_details: { reasoning_tokens: 7 } });
say(`Together's usage, no details objects -> RUN_FINISHED.usage ${JSON.stringify(together)}`);
say(`cached_tokens 12 and reasoning_tokens 7 in the details -> ${JSON.stringify(counted)}`);
process.exit(together.cachedInputTokens === 0 || together.reasoningTokens === 0 ? 1 : 0);
