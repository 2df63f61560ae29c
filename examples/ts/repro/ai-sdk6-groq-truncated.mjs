// Reproducer (outside the suite) of an @ai-sdk/groq 3.0.71 defect (ai 6's own provider generation, npm alias
// ai6-groq) pinned in tests/data/ai-sdk6-groq.verdicts.json (finish.missing.001-.003, row 8.1.19): a Chat
// Completions stream that ends with no `finish_reason` (cut before its last chunk) is not reported. doStream starts
// from `finishReason = { unified: "other" }` (dist/index.mjs:537-540), only a finish_reason changes it, and flush()
// always enqueues a `finish` with it (:720), so ai 6.0.326's UI message stream ends with a normal `finish`
// ('other') and no error: the chat shows the cut answer as complete. @ai-sdk/groq 4.0.84 (ai 7's generation)
// finishes the same bytes 'interrupted'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-groq-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai'
import { createGroq } from 'ai6-groq'
import { cutServer, uiChunks } from './chat-cut-stream.mjs'

const server = await cutServer()
const types = await uiChunks(streamText, createGroq({ baseURL: server.baseURL, apiKey: 'gsk-x' })('llama-3.3-70b-versatile'))
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
