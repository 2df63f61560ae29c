// Reproducer (outside the suite) of an @ai-sdk/mistral 3.0.68 defect (ai 6's own provider generation, npm alias
// ai6-mistral) pinned in tests/data/ai-sdk6-mistral.verdicts.json (finish.missing.001-.003, row 8.1.19): a Chat
// Completions stream that ends with no `finish_reason` (cut before its last chunk) is not reported. doStream starts
// from `finishReason = { unified: "other" }` (dist/index.mjs:545-548), only a finish_reason changes it (:682-686),
// and flush() always enqueues a `finish` with it (:711-715), so ai 6.0.326's UI message stream ends with a normal
// `finish` ('other') and no error: the chat shows the cut answer as complete. @ai-sdk/mistral 4.0.87 (ai 7's
// generation) starts from 'interrupted' instead (dist/index.js:746); @ai-sdk/groq 3.0.71 has the same defect.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-mistral-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai'
import { createMistral } from 'ai6-mistral'
import { cutServer, uiChunks } from './chat-cut-stream.mjs'

const server = await cutServer()
const types = await uiChunks(streamText, createMistral({ baseURL: server.baseURL, apiKey: 'x' })('mistral-small-latest'))
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
