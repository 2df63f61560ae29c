// Reproducer (outside the suite) of an @ai-sdk/openai 2 defect (ai 5's own provider generation, npm alias
// ai5-openai) pinned in tests/data/ai-sdk5-openai.verdicts.json (usage.undefined.001, row 8.2.stop;
// D-null-usage-drops-completion): a complete Responses stream whose response.completed says `usage: null`
// (Response.usage is Optional, openai 3.57.0 types/responses/response.py) loses its completion event.
// @ai-sdk/openai 2.0.131's response.completed schema requires a usage object (dist/index.mjs:3006-3012), so the
// event lands in the unknown_chunk fallback (:3264-3267) and the finish reason stays 'unknown' (:4308): ai 5's UI
// message stream finishes 'unknown' where the model stopped normally ('stop'). @ai-sdk/openai 3 finishes 'stop'.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-null-usage.mjs
// Prints the chunk types; exits 1 while the defect is present (0 once the finish says 'stop').
import { streamText } from 'ai5'
import { createOpenAI } from 'ai5-openai'
import { response, textOpened, uiChunkTypes } from './_responses.mjs'

const item = { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant',
  content: [{ type: 'output_text', text: 'Pong.', annotations: [] }] }
const events = [
  ...textOpened('Pong.'),
  { type: 'response.output_item.done', output_index: 0, item, sequence_number: 3 },
  { type: 'response.completed', sequence_number: 4,
    response: { ...response, status: 'completed', output: [item], usage: null } },
]
const types = await uiChunkTypes({ streamText, createOpenAI, events, prompt: 'Ping?' })
console.log(types.join(' '))
process.exit(types.includes('finish(stop)') ? 0 : 1)
