// Reproducer (outside the suite) of D-finish-always-stop on the AI SDK model, pinned in
// tests/data/openai-agents-aisdk-anthropic.verdicts.json (finish.length.001, finish.content-filter.001, loop.usage.001,
// quirks.anthropic-stop-details.001: rows 8.2.length, 8.2.content-filter): with the agent's model
// `aisdk(anthropic(...))`, an answer Anthropic cut at max_tokens (stop_reason 'max_tokens', which @ai-sdk/anthropic
// 4.0.105 reads as finish 'length') or refused ('refusal' -> 'content-filter') reaches the UI message stream as
// finish 'stop'. @openai/agents-extensions 0.18.0's AiSdkModel reads nothing from the model's finish part but its
// usage (dist/ai-sdk/index.mjs:1029-1033; its response_done carries no reason, :1079-1103), and the ai-sdk-ui module
// ends every stream with finish 'stop' (dist/ai-sdk-ui/uiMessageStream.mjs:371). ai 6.0.326's reader and Chat's
// onFinish see a completed answer.
// Run: node examples/ts/repro/openai-agents-aisdk-anthropic-finish.mjs (exits 1 while the defect is present).
import { aisdkAnthropic, messagesText, runUi, serveMessages } from './openai-agents-ui-lib.mjs'

let wrong = 0
for (const [stopReason, want] of [['max_tokens', 'length'], ['refusal', 'content-filter']]) {
  const server = await serveMessages([messagesText('Once upon a time', stopReason)])
  const { chunks, thrown, message } = await runUi(server.baseURL, { model: aisdkAnthropic(server.baseURL) })
  server.close()
  const finish = chunks.find((c) => c.type === 'finish')
  console.log(`Anthropic stop_reason '${stopReason}' (the AI SDK's '${want}'): chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${
    thrown ? `the stream threw ${thrown.name}: ${thrown.message}` : `finish ${JSON.stringify(finish)}`}; the reader shows ${
    JSON.stringify(message?.parts?.filter((p) => p.type === 'text').map((p) => p.text))}`)
  if (finish?.finishReason !== want) wrong += 1
}
process.exit(wrong === 0 ? 0 : 1)
