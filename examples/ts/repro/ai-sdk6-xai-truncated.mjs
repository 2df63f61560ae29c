// Reproducer (outside the suite) of an @ai-sdk/xai 3.0.99 defect (ai 6's own provider generation, npm alias ai6-xai)
// pinned in tests/data/ai-sdk6-xai.verdicts.json (finish.missing.001-.003, row 8.1.19): a Chat Completions stream
// that ends with no `finish_reason` (cut before its last chunk) is not reported. The chat model's doStream starts
// from `finishReason = { unified: "other" }` (dist/index.mjs:659-662), only a finish_reason changes it (:705-710),
// and flush() always enqueues a `finish` with it (:798-818), so ai 6.0.326's UI message stream ends with a normal
// `finish` ('other') and no error: the chat shows the cut answer as complete. @ai-sdk/groq 3.0.71 and
// @ai-sdk/mistral 3.0.68 have the same defect (ai-sdk6-groq-truncated.mjs, ai-sdk6-mistral-truncated.mjs).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-xai-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai'
import { createXai } from 'ai6-xai'
import { cutServer, uiChunks } from './chat-cut-stream.mjs'

const server = await cutServer()
const types = await uiChunks(streamText, createXai({ baseURL: server.baseURL, apiKey: 'x' })('grok-4'))
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
