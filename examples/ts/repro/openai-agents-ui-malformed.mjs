// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (loop.malformed.001, row 8.1.13; loop.malformed.002 under 8.1.21): a function call whose argument text
// is not JSON is shown by @openai/agents-extensions 0.18.0's ai-sdk-ui module as a valid call whose input
// is an object the model never sent, {raw: <text>} (dist/ai-sdk-ui/uiMessageStream.mjs:26-33 parseJsonArgs,
// :38-43), in tool-input-available; ai's streamText marks such a call invalid instead (tool-input-error
// with the raw text as input, shown as an 'output-error' part: ai 6.0.326 dist/index.mjs:7254-7275,
// :9177-9190, :6433-6460).
// Run: node examples/ts/repro/openai-agents-ui-malformed.mjs (exits 1 while the defect is present).
import { completed, functionCall, message, runUi, scriptedTool, serve, shown } from './openai-agents-ui-lib.mjs'

const text = '{"city": "Paris", "unit": }'
const server = await serve([
  completed([functionCall('fc_1', 'call_m1', 'get_weather', text)]),
  completed([message('msg_2', 'Sorry, let me try again later.')]),
])
const { chunks, message: ui } = await runUi(server.baseURL, { tools: [scriptedTool('get_weather', { result: {} })] })
server.close()
const available = chunks.find((c) => c.type === 'tool-input-available' && c.toolCallId === 'call_m1')
console.log(`arguments ${JSON.stringify(text)} -> ${JSON.stringify(available)}; readUIMessageStream shows:\n  ${
  shown(ui).join('\n  ')}`)
process.exit(available === undefined || available.input === text ? 0 : 1)
