// Reproducer (outside the suite) of D-error-text, pinned in tests/data/copilotkit-runtime.verdicts.json
// (error.*.001, row 8.1.17): the upstream's in-band error (a Responses `error` event, 'Rate limit reached ...')
// reaches the CopilotKit client as RUN_ERROR 'AI SDK stream error'. @ai-sdk/openai 3's error part carries a
// plain object {message, code, ...}; BuiltInAgent puts its JSON in its own RUN_ERROR but errors the run's
// Observable with new Error('AI SDK stream error') (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:920), and
// that bare message is what the runner's finalizer sends, since the agent's own RUN_ERROR is lost on the way
// (D-lost-before-error).
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/error-text-lost.mjs
// Prints both RUN_ERROR messages; exits 1 while the defect is present (0 once the client's carries the text).
import { agentEvents, agentOn, created, errorEvent, messageItem, runtimeEvents, say, serve, textDelta } from './_runtime.mjs';

const body = created() + messageItem('msg_1') + textDelta('msg_1', 'Dear')
  + errorEvent('rate_limit_exceeded', 'Rate limit reached for tokens per minute');
const { server, url } = await serve([body]);
const own = await agentEvents(agentOn(url));
const sent = await runtimeEvents(agentOn(url));
server.close();
const runError = sent.find((e) => e.type === 'RUN_ERROR');
say(`BuiltInAgent.run(): RUN_ERROR ${JSON.stringify(own.events.find((e) => e.type === 'RUN_ERROR')?.message)}, Observable error ${JSON.stringify(own.error?.message)}`);
say(`runtime SSE answer: RUN_ERROR ${JSON.stringify(runError?.message)} code ${runError?.code}`);
process.exit(runError?.message?.includes('Rate limit reached') ? 0 : 1);
