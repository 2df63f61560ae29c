// Reproducer (outside the suite) of an @ai-sdk/groq 2.0.56 defect (ai 5's own provider generation, npm alias
// ai5-groq) pinned in tests/data/ai-sdk5-groq.verdicts.json (finish.missing.001-.003, row 8.1.19,
// D-silent-truncation): a Chat Completions stream that ends with no `finish_reason` (cut before its last chunk) is not
// reported. doStream starts from `finishReason = "unknown"` (dist/index.mjs:481), only a finish_reason changes it, and
// flush() always enqueues a `finish` with it (:648-659), so ai 5.0.277's UI message stream ends with a normal `finish`
// ('unknown') and no error: the chat shows the cut answer as complete. @ai-sdk/groq 3.0.71 does the same with
// 'other' (ai-sdk6-groq-truncated.mjs); 4.0.84 finishes 'interrupted'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-groq-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai5'
import { createGroq } from 'ai5-groq'
import { cutServer, uiChunks } from './chat-cut-stream.mjs'

const server = await cutServer()
const types = await uiChunks(streamText, createGroq({ baseURL: server.baseURL, apiKey: 'x' })('qwen/qwen3-32b'))
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
