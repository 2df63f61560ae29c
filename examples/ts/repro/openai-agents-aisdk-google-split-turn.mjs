// Reproducer (outside the suite) of D-split-model-turn, pinned in tests/data/openai-agents-aisdk-google.verdicts.json
// (loop.text-between.001, loop.text-between.002: ERROR): with the agent's model `aisdk(google(...))`, a model answer of
// text and a function call is sent back on the next call of the tool loop as TWO consecutive `model` contents,
// [user, model{text}, model{functionCall}, user{functionResponse}]: a function call turn that comes right after a model
// turn. @openai/agents-extensions 0.18.0's AiSdkModel converts the assistant message item into its own AI SDK assistant
// message (dist/ai-sdk/messageConversion.mjs:324-360) and opens another for the function_call items after it (:367-374),
// and @ai-sdk/google 4.0.121 renders each assistant message as its own model content, never merging them
// (dist/index.js:783-787). The Gemini API answers such a request 400 INVALID_ARGUMENT "Please ensure that function call
// turn comes immediately after a user turn or after a function response turn." (its error for that rule, as users of
// the live API report it); the server below applies that rule, so the run fails and the UI stream is cut
// (D-no-error-chunk). `streamText` over the same provider keeps a step's text and calls in one assistant message.
// Run: node examples/ts/repro/openai-agents-aisdk-google-split-turn.mjs (exits 1 while the defect is present).
import { aisdkGoogle, geminiChunk, runUi, scriptedTool, serveGemini, shown } from './openai-agents-ui-lib.mjs'

const RULE = 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.'

/** The first content holding a functionCall whose previous content is a model turn without function responses. */
function misplacedCall(contents) {
  return contents.findIndex((c, i) => c.role === 'model' && c.parts.some((p) => p.functionCall) && i > 0 &&
    contents[i - 1].role === 'model')
}

const server = await serveGemini([
  [geminiChunk([{ text: 'Let me check. ' }]),
    geminiChunk([{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }], 'STOP')],
  [geminiChunk([{ text: 'It is 3 degrees in Oslo.' }], 'STOP')],
], (request) => (misplacedCall(request.contents) >= 0 ? { status: 400, body: RULE } : null))
const { chunks, thrown, message } = await runUi(server.baseURL, {
  model: aisdkGoogle(server.baseURL), tools: [scriptedTool('get_weather', { result: { temp_c: 3 } })] })
server.close()
const second = server.requests()[1]
const roles = second?.contents.map((c) => `${c.role}{${c.parts.map((p) => Object.keys(p).find((k) => k !== 'thoughtSignature')).join(',')}}`)
console.log(`second model call's contents: ${JSON.stringify(roles)}`)
console.log(`UI chunks: ${JSON.stringify(chunks.map((c) => c.type))}; ${thrown ? `the stream threw: ${thrown.message}` : 'the stream ended'}`)
console.log(`the reader shows: ${JSON.stringify(shown(message))}`)
process.exit(second && misplacedCall(second.contents) >= 0 ? 1 : 0)
