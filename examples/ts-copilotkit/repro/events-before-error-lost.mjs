// Reproducer (outside the suite) of D-lost-before-error, pinned in tests/data/copilotkit-runtime.verdicts.json
// (fault.raw-bytes.001, row 8.1.4): BuiltInAgent.run() emits the text 'Cats are', then RUN_ERROR, then errors
// its Observable; the runtime's SSE answer has neither the text nor that RUN_ERROR. The InMemoryAgentRunner
// sends what agent.runAgent's onEvent delivers (@copilotkit/runtime 1.75.0 dist/v2/runtime/runner/in-memory.mjs:372),
// and @ag-ui/client 0.0.59's runAgent applies events through concatMap(async ...) (src/apply/default.ts), which
// drops the events still queued when the source errors. The finalizer then closes the empty message.
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/events-before-error-lost.mjs
// Prints both event sequences; exits 1 while the defect is present (0 once the client gets the text).
import { agentEvents, agentOn, created, messageItem, runtimeEvents, say, serve, textDelta } from './_runtime.mjs';

const body = `${created() + messageItem('msg_1') + textDelta('msg_1', 'Cats are')}data: {"choices":[{"delta":{"content":" soft\n\n`;
const { server, url } = await serve([body]);
const own = await agentEvents(agentOn(url));
const sent = await runtimeEvents(agentOn(url));
server.close();
const show = (events) => events.map((e) => (e.delta ? `${e.type}(${JSON.stringify(e.delta)})` : e.type)).join(' ');
say(`BuiltInAgent.run():  ${show(own.events)}`);
say(`runtime SSE answer: ${show(sent)}`);
const text = sent.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');
process.exit(text === 'Cats are' ? 0 : 1);
