// Reproducer (outside the suite) of D-zero-filled-usage on Cerebras, pinned in
// tests/data/copilotkit-runtime-cerebras.verdicts.json (text.basic.001 and every case whose usage has no reasoning
// count, row 8.3.v3): the upstream's usage is Cerebras's (recorded api.cerebras.ai streams, llama-stack
// tests/integration/recordings/responses/eefb4206a4a9.json: on the finish chunk, unasked, prompt_tokens,
// completion_tokens, total_tokens and prompt_tokens_details {cached_tokens: 0}; no completion_tokens_details), and
// @ai-sdk/cerebras 2.0.82's chat model (its nested @ai-sdk/openai-compatible 2.0.76) converts it with
// convertOpenAICompatibleChatUsage, which reads `completion_tokens_details?.reasoning_tokens ?? 0` (dist/index.mjs:68):
// "not reported" becomes 0. BuiltInAgent copies the counts, so RUN_FINISHED.usage says reasoningTokens 0. A reported
// count (7 reasoning) is kept, for contrast.
// Run: node examples/ts-copilotkit/repro/cerebras-zero-usage.mjs
// Prints both runs' usage; exits 1 while an absent reasoning count is reported as 0 (0 once it is left out).
import { builtInAgentOn, runtimeEvents, say, serve } from './_runtime.mjs';

const { createCerebras } = await import('@ai-sdk/cerebras');

const chunk = (delta, finishReason = null, extra = {}) => `data: ${JSON.stringify({ id: 'cmpl-1',
  object: 'chat.completion.chunk', created: 0, model: 'gpt-oss-120b', system_fingerprint: 'fp_1',
  choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;

async function usageFor(usage) {
  const body = chunk({ role: 'assistant', content: 'Done.' }) + chunk({}, 'stop', { usage }) + 'data: [DONE]\n\n';
  const { server, url } = await serve([body]);
  const model = createCerebras({ baseURL: url, apiKey: 'test' })('gpt-oss-120b');
  const sent = await runtimeEvents(builtInAgentOn(model));
  server.close();
  return sent.at(-1)?.usage?.[0] ?? {};
}
const cerebras = await usageFor({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15,
  prompt_tokens_details: { cached_tokens: 0 } });
const counted = await usageFor({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15,
  prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 7 } });
say(`Cerebras's usage, no completion_tokens_details -> RUN_FINISHED.usage ${JSON.stringify(cerebras)}`);
say(`reasoning_tokens 7 in the details -> ${JSON.stringify(counted)}`);
process.exit(cerebras.reasoningTokens === 0 ? 1 : 0);
