// Reproducer (outside the suite) of D-finish-always-stop, pinned in tests/data/openai-agents-ui-chat.verdicts.json
// (finish.length.001, finish.content-filter.001, loop.usage.001: rows 8.2.length, 8.2.content-filter): on the
// Agents SDK's Chat Completions model (OpenAIProvider({useResponses: false})) a response cut by max_tokens
// (finish_reason 'length') or by the content filter reaches the UI message stream as finish 'stop'.
// @openai/agents-openai 0.18.0 keeps the chunk's finish_reason for its trace only
// (dist/openaiChatCompletionsStreaming.mjs:160-162, :374; the response_done event, :330-349, carries none), and
// @openai/agents-extensions 0.18.0's ai-sdk-ui module ends every stream with finish 'stop'
// (dist/ai-sdk-ui/uiMessageStream.mjs:371). ai 6.0.326's reader and Chat's onFinish see a completed answer.
// Run: node examples/ts/repro/openai-agents-ui-chat-finish.mjs (exits 1 while the defect is present).
import { chatChunk, runUi, serveChat } from './openai-agents-ui-lib.mjs'

const cut = [chatChunk({ role: 'assistant', content: 'Once upon a time' }), chatChunk({}, 'length'),
  { ...chatChunk({}), choices: [], usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 } }]
const server = await serveChat([cut])
const { chunks, thrown } = await runUi(server.baseURL, { provider: { useResponses: false } })
server.close()
const finish = chunks.find((c) => c.type === 'finish')
console.log(`Chat Completions finish_reason 'length': chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${
  thrown ? `the stream threw ${thrown.name}: ${thrown.message}` : `finish ${JSON.stringify(finish)}`}`)
process.exit(finish?.finishReason === 'length' ? 0 : 1)
