// Reproducer of a defect pinned in tests/data/ag-ui-mastra.verdicts.json: a usage chunk without
// prompt/completion token details becomes RUN_FINISHED.usage with cachedInputTokens 0 and
// reasoningTokens 0, counts the provider never reported (@ag-ui/core: "not reported stays distinct
// from zero"). Source: @ai-sdk/openai-compatible 2.0.92 dist/index.mjs:70-71 (`cached_tokens ?? 0`,
// `reasoning_tokens ?? 0`). Run: node examples/ts-mastra/repro/usage-zero-details.mjs (exit 1: present).
import { agentOn, chunk, collect, serve, text, say } from './_canned.mjs';

const { server, url } = await serve((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(text('Hi') + text(undefined, 'stop')
    + chunk({ choices: [], usage: { prompt_tokens: 14, completion_tokens: 7, total_tokens: 21 } }) + 'data: [DONE]\n\n');
});
const { events } = await collect(agentOn(url));
server.close();
const usage = events.find((e) => e.type === 'RUN_FINISHED')?.usage?.[0] ?? {};
say('upstream usage {prompt_tokens:14, completion_tokens:7, total_tokens:21} -> RUN_FINISHED.usage', JSON.stringify(usage));
process.exit(usage.cachedInputTokens === 0 || usage.reasoningTokens === 0 ? 1 : 0);
