// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (loop.text-between.002, row consumer.ui-message-stream): @openai/agents-extensions 0.18.0's ai-sdk-ui
// module forwards text deltas as they stream (raw_model_stream_event output_text_delta,
// dist/ai-sdk-ui/uiMessageStream.mjs:169-195) but shows a tool call only from the run item `tool_called`
// (:236-256), which @openai/agents-core emits once the model's whole response is done. A response whose
// function call comes before its text (output items [function_call, message]) is shown by ai 6.0.326's
// readUIMessageStream with the text first and the call after it: the UI reorders what the model said.
// Run: node examples/ts/repro/openai-agents-ui-calls-after-text.mjs (exits 1 while the defect is present).
import { completed, functionCall, message, runUi, scriptedTool, serve, shown } from './openai-agents-ui-lib.mjs'

const server = await serve([
  completed([functionCall('fc_1', 'call_b1', 'get_weather', '{"city":"Bergen"}'),
    message('msg_1', 'Checking the forecast. ')]),
  completed([message('msg_2', 'It is 8°C and raining in Bergen.')]),
])
const { message: ui } = await runUi(server.baseURL, { tools: [scriptedTool('get_weather', { result: { temp_c: 8 } })] })
server.close()
const parts = shown(ui)
console.log(`the model: call_b1, then "Checking the forecast. "; readUIMessageStream shows:\n  ${parts.join('\n  ')}`)
process.exit(parts[0]?.includes('call_b1') ? 0 : 1)
