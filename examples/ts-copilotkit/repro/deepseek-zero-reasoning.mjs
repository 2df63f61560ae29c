// Reproducer (outside the suite) of D-zero-filled-usage on DeepSeek, pinned in
// tests/data/copilotkit-runtime-deepseek.verdicts.json (text.basic.001 and every case whose usage has no reasoning
// count, row 8.3.v3): the upstream's usage has no completion_tokens_details (DeepSeek's API leaves it out of a
// non-thinking answer), and @ai-sdk/deepseek 2.0.69's convertDeepSeekUsage reports
// `completion_tokens_details?.reasoning_tokens ?? 0` (dist/index.mjs:426): "not reported" becomes 0. BuiltInAgent copies
// the count (@copilotkit/runtime 1.75.0 dist/agent/converters/aisdk.mjs:12-26), so RUN_FINISHED.usage says
// reasoningTokens 0, which an AG-UI client reads as a count, even for an answer that streamed reasoning (the second
// run: reasoning_content deltas, still no count on the wire). A reported count (7) is kept, for contrast.
// Run: node examples/ts-copilotkit/repro/deepseek-zero-reasoning.mjs
// Prints the three runs' usage; exits 1 while the absent count is reported as 0 (0 once it is left out).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, deepseekAgentOn, done, usageChunk } from './_deepseek.mjs';

async function usageFor(deltas, extra) {
  const body = deltas.map((d) => chunk(d)).join('') + chunk({}, 'stop') + usageChunk(extra) + done;
  const { server, url } = await serve([body]);
  const sent = await runtimeEvents(deepseekAgentOn(url));
  server.close();
  return { usage: sent.at(-1)?.usage?.[0] ?? {}, reasoned: sent.some((e) => e.type === 'REASONING_MESSAGE_CONTENT') };
}
const plain = await usageFor([{ role: 'assistant', content: 'Done.' }], {});
const thought = await usageFor([{ role: 'assistant', reasoning_content: 'Think.' }, { content: 'Done.' }], {});
const counted = await usageFor([{ role: 'assistant', reasoning_content: 'Think.' }, { content: 'Done.' }],
  { completion_tokens_details: { reasoning_tokens: 7 } });
say(`no reasoning count on the wire -> RUN_FINISHED.usage ${JSON.stringify(plain.usage)}`);
say(`reasoning streamed, no count on the wire (REASONING_* sent: ${thought.reasoned}) -> ${JSON.stringify(thought.usage)}`);
say(`reasoning_tokens 7 on the wire -> ${JSON.stringify(counted.usage)}`);
process.exit(plain.usage.reasoningTokens === 0 || thought.usage.reasoningTokens === 0 ? 1 : 0);
