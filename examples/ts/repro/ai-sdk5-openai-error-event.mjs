// Reproducer (outside the suite) of an @ai-sdk/openai 2 defect (ai 5's own provider generation, npm alias
// ai5-openai) pinned in tests/data/ai-sdk5-openai.verdicts.json (error.code.001 and the other error.* cases,
// row 8.1.17; D-responses-error): the Responses API's in-band `error` event is dropped. OpenAI streams it with
// code and message at the top ({type:'error', code, message, param, sequence_number}: openai 3.57.0
// types/responses/response_error_event.py); @ai-sdk/openai 2.0.131 models it with them nested under `error`
// (dist/index.mjs:3255-3263), so the real event lands in the unknown_chunk fallback (:3264-3267) and is dropped,
// as is the response.failed after it (not modeled). ai 5.0.277's UI message stream then ends with a normal
// `finish` (finishReason 'unknown') and no `error` chunk: the chat shows the cut answer as complete.
// @ai-sdk/openai 3 reads both shapes (3.0.141 dist/index.mjs:4922-4938).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-error-event.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the stream carries an error chunk).
import { streamText } from 'ai5'
import { createOpenAI } from 'ai5-openai'
import { response, textOpened, uiChunkTypes } from './_responses.mjs'

const events = [
  ...textOpened('Dear'),
  { type: 'error', code: 'server_error', message: 'The server had an error while processing your request.',
    param: null, sequence_number: 3 },
  { type: 'response.failed', sequence_number: 4,
    response: { ...response, status: 'failed', error: { code: 'server_error', message: 'The server had an error.' } } },
]
const types = await uiChunkTypes({ streamText, createOpenAI, events })
console.log(types.join(' '))
process.exit(types.includes('error') ? 0 : 1)
