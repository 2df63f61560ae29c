// Reproducer (outside the suite) of D-cut-call-input, pinned in tests/data/tanstack-ai-mistral.verdicts.json
// (fault.disconnect.002, row 8.1.12): the connection drops inside a call's arguments and @tanstack/ai-mistral
// 0.6.7 ends the started call with TOOL_CALL_END carrying input {} before its RUN_ERROR
// (dist/esm/adapters/text.js:391-408): a call the model never completed is handed to the client with an input.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-mistral-cut-call-input.mjs
// Exits 1 while the defect is present (0 once the cut call is left open or ended without input).
import { call, chunk, run, serve, weather } from './tanstack-mistral-lib.mjs'

const upstream = await serve((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: 'Checking.' }))}\n\n`)
  res.write(`data: ${JSON.stringify(call(0, 'call_cut', 'get_weather', '{"city":"Pa'))}\n\n`)
  setTimeout(() => res.socket.destroy(), 50)
})
const { events } = await run(upstream.url, { tools: weather })
upstream.close()
const end = events.find((e) => e.type === 'TOOL_CALL_END' && e.toolCallId === 'call_cut')
console.log(events.map((e) => e.type).join(' '), '| END input:', JSON.stringify(end?.input))
process.exit(end && end.input !== undefined ? 1 : 0)
