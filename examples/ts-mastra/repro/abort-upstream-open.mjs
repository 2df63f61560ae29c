// Reproducer of a defect pinned in tests/data/ag-ui-mastra.verdicts.json: unsubscribing from
// MastraAgent.run() (how an AG-UI client aborts a run) does not abort the model request; the upstream
// stream stays open. Source: @ag-ui/mastra 1.1.2 dist/mastra-DyFXlChI.mjs:2 (run() builds its
// Observable with no teardown and passes no abortSignal to agent.stream; the file has no "abort").
// Run: node examples/ts-mastra/repro/abort-upstream-open.mjs (exit 1: present).
import { agentOn, input, serve, text, say } from './_canned.mjs';

let closed = false;
const { server, url } = await serve((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(text('Once upon'));
  res.on('close', () => { closed = true; });
  setTimeout(() => res.end(text(' a time', 'stop') + 'data: [DONE]\n\n'), 3000).unref();
});
const subscription = agentOn(url).run(input).subscribe({
  next: (e) => { if (e.type.startsWith('TEXT_MESSAGE')) subscription?.unsubscribe(); }, error: () => {},
});
await new Promise((ok) => setTimeout(ok, 1000));
say(`1 s after unsubscribing, the upstream request is ${closed ? 'closed' : 'still open'}`);
server.closeAllConnections();
server.close();
process.exit(closed ? 0 : 1);
