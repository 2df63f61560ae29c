// Reproducer (outside the suite) of D-tool-error-dropped, pinned in tests/data/copilotkit-runtime.verdicts.json
// (loop.tool-error.001, row 8.1.14): the agent's own tool (defineTool with execute) throws; ai 6 emits a
// tool-error part and the model answers, but BuiltInAgent's loop over fullStream has no case for tool-error
// (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:705, only tool-result at :844): the client never gets a
// TOOL_CALL_RESULT for the call.
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/tool-error-dropped.mjs
// Prints the event types; exits 1 while the defect is present (0 once the failed call gets its result event).
import { agentOn, completed, created, defineTool, functionCall, messageDone, messageItem, runtimeEvents, say, serve,
  textDelta } from './_runtime.mjs';

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
// defineTool takes Standard JSON Schema besides Zod (@copilotkit/shared dist/standard-schema.mjs:20-21).
const parameters = { '~standard': { version: 1, vendor: 'json-schema', validate: (value) => ({ value }),
  jsonSchema: { input: () => schema, output: () => schema } } };
const tool = defineTool({ name: 'get_weather', description: 'Weather of a city', parameters,
  execute: async () => { throw new Error('unknown city: Atlantis'); } });
const turn1 = created() + functionCall('call_1', 'get_weather', '{"city":"Atlantis"}') + completed();
const turn2 = created() + messageItem('msg_2') + textDelta('msg_2', 'I could not find that city.')
  + messageDone('msg_2', 'I could not find that city.') + completed();
const { server, url } = await serve([turn1, turn2]);
const sent = await runtimeEvents(agentOn(url, [tool]));
server.close();
say(sent.map((e) => e.type).join(' '));
process.exit(sent.some((e) => e.type === 'TOOL_CALL_RESULT' && e.toolCallId === 'call_1') ? 0 : 1);
