// Reproducer of a defect pinned in tests/data/ag-ui-mastra.verdicts.json: a stream with no usage at
// all ends with RUN_FINISHED.usage [{totalTokens: 0}], a count the provider never reported.
// Source: @mastra/core 1.71.0 dist/stream-Dp72cAE0.js:1167 (`totalTokens: (inputTokens ?? 0) + (outputTokens ?? 0)`
// for V3 usage whose counts are all undefined). Run: node examples/ts-mastra/repro/usage-absent.mjs (exit 1: present).
import { agentOn, collect, serve, text, say } from './_canned.mjs';

const { server, url } = await serve((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(text('Pong.') + text(undefined, 'stop') + 'data: [DONE]\n\n');
});
const { events } = await collect(agentOn(url));
server.close();
const usage = events.find((e) => e.type === 'RUN_FINISHED')?.usage;
say('upstream sent no usage -> RUN_FINISHED.usage', JSON.stringify(usage));
process.exit(usage === undefined ? 0 : 1);
