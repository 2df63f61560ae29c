// Reproducer (outside the suite) of D-cache-write, pinned in tests/data/copilotkit-runtime.verdicts.json
// (usage.nested.001, row 8.3.v3): the Responses usage's input_tokens_details.cache_write_tokens reaches ai 6 as
// inputTokenDetails.cacheWriteTokens, but BuiltInAgent's RUN_FINISHED.usage copies only inputTokens,
// outputTokens, totalTokens, reasoningTokens and cachedInputTokens (@copilotkit/runtime 1.75.0
// dist/agent/converters/usage.mjs:3-9): no cacheWriteInputTokens (AG-UI 1.0.0's TokenUsage has it; the
// @ag-ui/core 0.0.59 the runtime ships predates it).
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/cache-write-dropped.mjs
// Prints the usage; exits 1 while the defect is present (0 once cacheWriteInputTokens is 100).
import { agentOn, completed, created, messageDone, messageItem, runtimeEvents, say, serve,
  textDelta } from './_runtime.mjs';

const usage = { input_tokens: 1200, input_tokens_details: { cached_tokens: 900, cache_write_tokens: 100 },
  output_tokens: 300, output_tokens_details: { reasoning_tokens: 120 }, total_tokens: 1500 };
const body = created() + messageItem('msg_1') + textDelta('msg_1', 'Done.') + messageDone('msg_1', 'Done.')
  + completed(usage);
const { server, url } = await serve([body]);
const sent = await runtimeEvents(agentOn(url));
server.close();
const finished = sent.find((e) => e.type === 'RUN_FINISHED');
say(JSON.stringify(finished?.usage));
process.exit(finished?.usage?.[0]?.cacheWriteInputTokens === 100 ? 0 : 1);
