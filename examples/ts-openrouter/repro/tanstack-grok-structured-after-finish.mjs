// Reproducer (outside the suite) of a defect pinned in tests/data/tanstack-ai-grok.verdicts.json
// (structured.native.001 rows 8.1.18 and structured.result, text.structured.001 row 8.1.18): chat() with an
// outputSchema over an adapter that takes tools and a schema in one request (openai-base 0.10.9's Responses
// adapter says so, responses-text.js:1186 supportsCombinedToolsAndSchema) yields the model call's RUN_FINISHED
// and only then the CUSTOM structured-output.complete: @tanstack/ai 0.52.3 dist/esm/activities/chat/index.js:364
// flushes the deferred RUN_FINISHED before :370 harvestCombinedStructuredOutput emits the result (:1853-1863). An
// AG-UI consumer stops at the terminal event (@ag-ui/client verifyEvents rejects a CUSTOM after RUN_FINISHED), so
// the structured result is lost. @tanstack/ai 0.58.0 holds that RUN_FINISHED until after the harvest
// (index.js:365, :372-373).
// Prints the event types; exits 1 while the defect is present (0 once the result comes before the terminal).
import { messageEvents, response, run } from './tanstack-grok-lib.mjs'

const json = '{"name":"Ada"}'
const { item, events } = messageEvents(json)
const { chunks } = await run([...events, { type: 'response.completed', response: response('completed', {
  output: [item], usage: { input_tokens: 5, output_tokens: 4, total_tokens: 9 } }) }], {
  outputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, stream: true })
const types = chunks.map((c) => (c.type === 'CUSTOM' ? `CUSTOM:${c.name}` : c.type))
console.log(types.join(' '))
const complete = types.indexOf('CUSTOM:structured-output.complete')
const terminal = types.findIndex((t) => t === 'RUN_FINISHED' || t === 'RUN_ERROR')
process.exit(complete >= 0 && complete < terminal && terminal === types.length - 1 ? 0 : 1)
