// Reproducer (outside the suite) of D-no-error-chunk reached through an in-stream error chunk on DeepSeek, pinned in
// tests/data/openai-agents-aisdk-deepseek.verdicts.json (error.continue.001 and the other error.* cases: row 8.1.17).
// With the agent's model `aisdk(deepseek(...))`, an `{"error": {...}}` chunk mid-answer (deepSeekErrorSchema, the
// second member of @ai-sdk/deepseek 3.0.56's chunk schema, dist/index.js:536-543, :590-626) becomes an `error` part of
// its doStream (createDeepSeekStreamError, dist/index.js:732-741, :1110-1117), which @openai/agents-extensions
// 0.18.0's AiSdkModel throws (dist/ai-sdk/index.mjs:1035-1037); the run fails and the ai-sdk-ui module, which has no
// error chunk (dist/ai-sdk-ui/uiMessageStream.mjs:158), errors the UI message stream after the text: over HTTP the
// client gets a cut body, never the error's text. ai 7's own streamText (the npm alias ai7, as the ai-sdk7-deepseek
// pin runs it) on the same model sends an `error` chunk and finishes (shown last, for comparison; its default
// onError logging silenced).
// Run: node examples/ts/repro/openai-agents-aisdk-deepseek-error-chunk.mjs (exits 1 while the defect is present).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createDeepSeek } from '@ai-sdk/deepseek'
import { streamText } from 'ai7'
import { chatChunk, runUi, serveChat } from './openai-agents-ui-lib.mjs'

// A server error in the body shape the provider reads (error.message, type, code).
const serverError = { error: { message: 'The server is overloaded, please try again later.', type: 'server_error',
  code: 'server_error' } }
const turn = [chatChunk({ role: 'assistant', content: 'Let me check' }), serverError]
const deepseek = (baseURL) => createDeepSeek({ baseURL, apiKey: 'sk-x' })('deepseek-chat')

const server = await serveChat([turn])
const { chunks, thrown } = await runUi(server.baseURL, { model: aisdk(deepseek(server.baseURL)) })
console.log(`Agents SDK on aisdk(deepseek): chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${
  thrown ? `the stream threw ${thrown.name ?? 'Error'}: ${String(thrown.message).slice(0, 80)}` : 'the stream ended'}`)
const viaAi = []
const viaAiRun = streamText({ model: deepseek(server.baseURL), prompt: 'Hi', onError: () => {} })
for await (const c of viaAiRun.toUIMessageStream()) viaAi.push(c)
server.close()
console.log(`ai 7's streamText on the same model: chunks ${JSON.stringify(viaAi.map((c) => c.type))}`)
const errorChunk = chunks.some((c) => c.type === 'error')
process.exit(errorChunk && !thrown ? 0 : 1)
