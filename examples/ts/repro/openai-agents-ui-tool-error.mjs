// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (loop.tool-error.001 and loop.malformed.001, row 8.1.14; loop.malformed.002 under 8.1.21): a function
// tool that throws, or a call whose arguments do not parse, is answered by @openai/agents-core 0.18.0 with
// a plain string output for the model (dist/tool.mjs:511 'An error occurred while running the tool. Please
// try again. Error: ...'; dist/runner/toolExecution.mjs:476 'An error occurred while parsing tool
// arguments...'), and @openai/agents-extensions 0.18.0's ai-sdk-ui module sends every tool output as
// `tool-output-available` (dist/ai-sdk-ui/uiMessageStream.mjs:322-333); it never sends tool-output-error.
// ai 6.0.326's readUIMessageStream therefore shows a failed call as a successful one ('output-available'),
// its error only as output text, where ai's streamText sends tool-output-error (state 'output-error').
// Run: node examples/ts/repro/openai-agents-ui-tool-error.mjs (exits 1 while the defect is present).
import { completed, functionCall, message, runUi, scriptedTool, serve, shown } from './openai-agents-ui-lib.mjs'

const server = await serve([
  completed([functionCall('fc_1', 'call_e1', 'get_weather', '{"city":"Atlantis"}')]),
  completed([message('msg_2', 'I could not find that city.')]),
])
const { message: ui } = await runUi(server.baseURL, { tools: [scriptedTool('get_weather', { error: 'city not found' })] })
server.close()
const call = (ui?.parts ?? []).find((p) => p.toolCallId === 'call_e1')
console.log(`the tool threw "city not found"; readUIMessageStream shows:\n  ${shown(ui).join('\n  ')}`)
process.exit(call?.state === 'output-error' ? 0 : 1)
