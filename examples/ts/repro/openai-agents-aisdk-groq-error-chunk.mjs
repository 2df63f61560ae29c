// Reproducer (outside the suite) of D-no-error-chunk reached through Groq's in-stream error chunk, pinned in
// tests/data/openai-agents-aisdk-groq.verdicts.json (error.continue.001, error.groq-tool-use-failed.001 and the other
// error.* cases: row 8.1.17). With the agent's model `aisdk(groq(...))`, Groq's `{"error": {...}}` chunk mid-answer
// becomes an `error` part of @ai-sdk/groq 4.0.84's doStream (createGroqStreamError, dist/index.js:700-710), which
// @openai/agents-extensions 0.18.0's AiSdkModel throws (dist/ai-sdk/index.mjs:1035-1037); the run fails and the
// ai-sdk-ui module, which has no error chunk (dist/ai-sdk-ui/uiMessageStream.mjs:158), errors the UI message stream
// after the text: over HTTP the client gets a cut body, never the error's text. ai 7's own streamText (the npm
// alias ai7, as the ai-sdk7-groq pin runs it) on the same model sends an `error` chunk and finishes (shown last, for
// comparison; its default onError logging silenced).
// Run: node examples/ts/repro/openai-agents-aisdk-groq-error-chunk.mjs (exits 1 while the defect is present).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createGroq } from '@ai-sdk/groq'
import { streamText } from 'ai7'
import { chatChunk, runUi, serveChat } from './openai-agents-ui-lib.mjs'

// Groq's tool_use_failed error, as its API streams it mid-answer (the chunk the mock plays for
// error.groq-tool-use-failed.001).
const groqError = { error: { message: "Failed to call a function. Please adjust your prompt. See 'failed_generation' "
  + 'for more details.', type: 'invalid_request_error', code: 'tool_use_failed' } }
const turn = [chatChunk({ role: 'assistant', content: 'Let me check' }), groqError]
const groq = (baseURL) => createGroq({ baseURL, apiKey: 'gsk-x' })('llama-3.3-70b-versatile')

const server = await serveChat([turn])
const { chunks, thrown } = await runUi(server.baseURL, { model: aisdk(groq(server.baseURL)) })
console.log(`Agents SDK on aisdk(groq): chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${
  thrown ? `the stream threw ${thrown.name ?? 'Error'}: ${String(thrown.message).slice(0, 80)}` : 'the stream ended'}`)
const viaAi = []
const viaAiRun = streamText({ model: groq(server.baseURL), prompt: 'Hi', onError: () => {} })
for await (const c of viaAiRun.toUIMessageStream()) viaAi.push(c)
server.close()
console.log(`ai 7's streamText on the same model: chunks ${JSON.stringify(viaAi.map((c) => c.type))}`)
const errorChunk = chunks.some((c) => c.type === 'error')
process.exit(errorChunk && !thrown ? 0 : 1)
