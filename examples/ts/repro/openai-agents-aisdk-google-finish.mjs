// Reproducer (outside the suite) of D-finish-always-stop on the Gemini model, pinned in
// tests/data/openai-agents-aisdk-google.verdicts.json (finish.length.001, loop.usage.001: 8.2.length;
// finish.content-filter.001, finish.gemini-reason-*.001, finish.gemini-recitation.001: 8.2.content-filter;
// finish.gemini-malformed-call.001: 8.1.18): with the agent's model `aisdk(google(...))`, an answer Gemini ended with
// MAX_TOKENS (which @ai-sdk/google 4.0.121 reads as finish 'length'), SAFETY ('content-filter') or
// MALFORMED_FUNCTION_CALL ('error'; mapGoogleFinishReason, dist/index.js:1979-1993) reaches the UI message stream as
// finish 'stop'. @openai/agents-extensions 0.18.0's AiSdkModel reads nothing from the model's finish part but its
// usage (dist/ai-sdk/index.mjs:1029-1033; its response_done carries no reason, :1079-1103), and the ai-sdk-ui module
// ends every stream with finish 'stop' (dist/ai-sdk-ui/uiMessageStream.mjs:371). ai 6.0.326's reader and Chat's
// onFinish see a completed answer.
// Run: node examples/ts/repro/openai-agents-aisdk-google-finish.mjs (exits 1 while the defect is present).
import { aisdkGoogle, geminiChunk, runUi, serveGemini } from './openai-agents-ui-lib.mjs'

let wrong = 0
for (const [reason, want] of [['MAX_TOKENS', 'length'], ['SAFETY', 'content-filter'], ['MALFORMED_FUNCTION_CALL', 'error']]) {
  const server = await serveGemini([[geminiChunk([{ text: 'Once upon a time' }]), geminiChunk([], reason)]])
  const { chunks, thrown, message } = await runUi(server.baseURL, { model: aisdkGoogle(server.baseURL) })
  server.close()
  const finish = chunks.find((c) => c.type === 'finish')
  console.log(`Gemini finishReason '${reason}' (the AI SDK's '${want}'): chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${
    thrown ? `the stream threw ${thrown.name}: ${thrown.message}` : `finish ${JSON.stringify(finish)}`}; the reader shows ${
    JSON.stringify(message?.parts?.filter((p) => p.type === 'text').map((p) => p.text))}`)
  if (finish?.finishReason !== want) wrong += 1
}
process.exit(wrong === 0 ? 0 : 1)
