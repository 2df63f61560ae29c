// Reproducer (outside the suite) of D-no-error-chunk reached through xAI's Responses `error` event, pinned in
// tests/data/openai-agents-aisdk-xai.verdicts.json (error.continue.001 and the other error.* cases: row 8.1.17).
// With the agent's model `aisdk(xai(...))` (@ai-sdk/xai 5.0.12's default model is its Responses model,
// dist/index.js:5402-5405), an `error` event mid-answer becomes an `error` part of the provider's doStream
// (createXaiResponsesStreamError, dist/index.js:2250-2261), which @openai/agents-extensions 0.18.0's AiSdkModel throws
// (dist/ai-sdk/index.mjs:1035-1037); the run fails and the ai-sdk-ui module, which has no error chunk
// (dist/ai-sdk-ui/uiMessageStream.mjs:158), errors the UI message stream after the text: over HTTP the client gets a
// cut body, never the error's text. ai 7's own streamText (the npm alias ai7, as the ai-sdk7-xai pin runs it) on the
// same model sends an `error` chunk and finishes (shown last, for comparison; its default onError logging silenced).
// Run: node examples/ts/repro/openai-agents-aisdk-xai-error-event.mjs (exits 1 while the defect is present).
import { aisdk } from '@openai/agents-extensions/ai-sdk'
import { createXai } from '@ai-sdk/xai'
import { streamText } from 'ai7'
import { completed, message, response, runUi, serve } from './openai-agents-ui-lib.mjs'

// The text's first events, then xAI's error event and the failed response (the shape the mock plays for
// error.continue.001 on the xai server).
const turn = [
  ...completed([message('msg_1', 'Let me check')]).slice(0, 3),
  { type: 'error', code: null, message: 'citation lookup failed', param: null },
  { type: 'response.failed', response: response('failed', [], { error: { code: 'server_error',
    message: 'citation lookup failed' } }) },
]
const xai = (baseURL) => createXai({ baseURL, apiKey: 'xai-x' })('grok-4.7')

const server = await serve([turn])
const { chunks, thrown } = await runUi(server.baseURL, { model: aisdk(xai(server.baseURL)) })
console.log(`Agents SDK on aisdk(xai): chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${
  thrown ? `the stream threw ${thrown.name ?? 'Error'}: ${String(thrown.message).slice(0, 80)}` : 'the stream ended'}`)
const viaAi = []
const viaAiRun = streamText({ model: xai(server.baseURL), prompt: 'Hi', maxRetries: 0, onError: () => {} })
for await (const c of viaAiRun.toUIMessageStream()) viaAi.push(c)
server.close()
console.log(`ai 7's streamText on the same model: chunks ${JSON.stringify(viaAi.map((c) => c.type))}`)
const errorChunk = chunks.some((c) => c.type === 'error')
process.exit(errorChunk && !thrown ? 0 : 1)
