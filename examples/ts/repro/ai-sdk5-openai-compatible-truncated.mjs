// Reproducer (outside the suite) of an @ai-sdk/openai-compatible 1.0.61 defect (ai 5's own provider generation, npm
// alias ai5-openai-compatible) pinned in tests/data/ai-sdk5-openai-compatible.verdicts.json (finish.missing.001-.003,
// row 8.1.19, D-silent-truncation): a Chat Completions stream that ends with no `finish_reason` (cut before its last
// chunk) is not reported. doStream starts from `finishReason = "unknown"` (dist/index.mjs:508), only a finish_reason
// changes it (:584-588), and flush() always enqueues a `finish` with it (:631-656), so ai 5.0.277's UI message stream
// ends with a normal `finish` ('unknown') and no error: the chat shows the cut answer as complete.
// @ai-sdk/openai-compatible 2.0.92 (ai 6's generation) reports the same bytes as an error ("Response stream ended
// without a finish reason.", dist/index.mjs:900).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-compatible-truncated.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream ends with an error).
import { streamText } from 'ai5'
import { createOpenAICompatible } from 'ai5-openai-compatible'
import { cutServer, uiChunks } from './chat-cut-stream.mjs'

const server = await cutServer()
const types = await uiChunks(streamText, createOpenAICompatible({ name: 'mock', baseURL: server.baseURL }).chatModel('mock'))
server.close()
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
