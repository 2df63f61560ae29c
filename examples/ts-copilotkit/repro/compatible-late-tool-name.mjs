// Reproducer (outside the suite) of D-late-tool-name in @ai-sdk/openai-compatible 1.0.61's own
// @ai-sdk/provider-utils 3.0.44, pinned in tests/data/copilotkit-runtime-openai-compatible.verdicts.json
// (quirks.tool-late-id.001, row 8.1.9): a call whose id and name arrive in its second delta (some OpenAI-compatible
// servers send the first argument fragment before them; OpenAI's SDK types make both optional in every delta).
// StreamingToolCallTracker.processNewToolCall throws "Expected 'function.name' to be a string." on the first delta
// (dist/index.mjs:3174), the stream errors, and the client gets RUN_ERROR instead of the call.
// Run: node examples/ts-copilotkit/repro/compatible-late-tool-name.mjs
// Prints what the client got; exits 1 while the run errors (0 once the call reaches the client).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { chunk, compatibleAgentOn, done, show, usageChunk } from './_compatible.mjs';

const body = chunk({ role: 'assistant', tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] })
  + chunk({ tool_calls: [{ index: 0, id: 'call_late', type: 'function',
    function: { name: 'get_weather', arguments: '"Paris"}' } }] })
  + chunk({}, 'tool_calls') + usageChunk() + done;
const tools = [{ name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object',
  properties: { city: { type: 'string' } }, required: ['city'] } }];
const { server, url } = await serve([body]);
const sent = await runtimeEvents(compatibleAgentOn(url), { threadId: 't', runId: 'r',
  messages: [{ id: 'm', role: 'user', content: 'Weather in Paris?' }], tools, context: [], state: {},
  forwardedProps: {} });
server.close();
say(`runtime SSE answer: ${show(sent)}`);
process.exit(sent.some((e) => e.type === 'TOOL_CALL_START' && e.toolCallName === 'get_weather') ? 0 : 1);
