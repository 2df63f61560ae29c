// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (finish.length.001, finish.content-filter.001, loop.usage.001: ERROR, the adapter raised): the Responses
// API ends a response cut by max_output_tokens or the content filter with `response.incomplete`, a normal
// end with incomplete_details.reason; @openai/agents-openai 0.18.0's OpenAIResponsesModel treats it as a
// failure (dist/openaiResponsesModel.mjs:851-855 getUnsuccessfulResponseTerminalType, :1277
// createUnsuccessfulResponseError: ModelBehaviorError 'OpenAI Responses request ended with unsuccessful
// terminal state "response.incomplete"'), so the run throws and the ai-sdk-ui stream errors (it has no
// error chunk) instead of finishing with the text and finishReason 'length' / 'content-filter'.
// Run: node examples/ts/repro/openai-agents-ui-incomplete.mjs (exits 1 while the defect is present).
import { completed, message, runUi, serve } from './openai-agents-ui-lib.mjs'

const cut = completed([message('msg_1', 'Once upon a time', 'incomplete')], {
  terminal: 'response.incomplete', extra: { incomplete_details: { reason: 'max_output_tokens' } } })
const server = await serve([cut])
const { chunks, thrown } = await runUi(server.baseURL)
server.close()
const finish = chunks.find((c) => c.type === 'finish')
console.log(`response.incomplete{max_output_tokens}: chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${
  thrown ? `the stream threw ${thrown.name}: ${thrown.message}` : `finish ${JSON.stringify(finish)}`}`)
process.exit(finish?.finishReason === 'length' ? 0 : 1)
