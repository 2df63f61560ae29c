// Reproducer (outside the suite) of an @ai-sdk/xai 2.0.95 defect (ai 5's own provider generation, npm alias ai5-xai)
// pinned in tests/data/ai-sdk5-xai.verdicts.json (finish.missing.001-.003, row 8.1.19, D-silent-truncation): a Chat
// Completions stream that ends with no `finish_reason` (cut before its last chunk) is not reported. The chat model's
// doStream starts from `finishReason = "unknown"` (dist/index.mjs:640), only a finish_reason changes it (:692-694),
// and flush() always enqueues a `finish` with it (:784-793), so ai 5.0.277's UI message stream ends with a normal
// `finish` ('unknown') and no error: the chat shows the cut answer as complete. @ai-sdk/xai 3.0.99 does the same with
// 'other' (ai-sdk6-xai-truncated.mjs).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-xai-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai5'
import { createXai } from 'ai5-xai'
import { cutServer, uiChunks } from './chat-cut-stream.mjs'

const server = await cutServer()
const types = await uiChunks(streamText, createXai({ baseURL: server.baseURL, apiKey: 'x' })('grok-4'))
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
