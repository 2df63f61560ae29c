// Reproducer (outside the suite) of a defect pinned in tests/data/tanstack-ai-openrouter.verdicts.json
// (error.openrouter-midstream.001, row 8.1.17; quirks.azure-filter-chunk.001, row 8.1.4): @openrouter/sdk 0.13.20
// parses every SSE data event of a chat stream with its strict zod schema
// (esm/models/operations/sendchatcompletionrequest.js:37 `ChatStreamingResponse$inboundSchema.parse(rawEvent)`;
// esm/models/chatstreamchunk.js:29-46 requires choices, created, id, model, object 'chat.completion.chunk' and an
// integer `error.code`). One event outside that schema throws a ZodError out of the stream, and
// @tanstack/ai-openrouter 0.19.6 (dist/esm/adapters/text.js:740-758) ends the run with a RUN_ERROR whose message is
// the ZodError's JSON list of issues:
//   1. OpenRouter's own documented mid-stream error chunk (openrouter.ai/docs/api-reference/streaming, "Errors After
//      Tokens Have Been Sent": `"error":{"code":"server_error","message":"Provider disconnected unexpectedly"}` with
//      finish_reason 'error') has a string code: the user sees the issue list, not "Provider disconnected
//      unexpectedly" (with an integer code, as the SDK's types say, the message comes through: shown as control);
//   2. a chunk the SDK's schema does not know (Azure's content-filter chunk: object '', empty id and model) ends an
//      answer that was going on: the text after it is lost and the run fails.
// Prints what each run ended with; exits 1 while either is present (0 once the message and the text come through).
import { chunk, run } from './_lib.mjs'

const text = chunk({ role: 'assistant', content: 'Tides are caused' })
const documented = chunk({ content: '' }, 'error', { error: { code: 'server_error', message: 'Provider disconnected unexpectedly' } })
const integer = chunk({ content: '' }, 'error', { error: { code: 502, message: 'Provider disconnected unexpectedly' } })
const ending = (chunks) => chunks.at(-1)
let failed = false
for (const [name, errorChunk] of [['string code (the docs)', documented], ['integer code (control)', integer]]) {
  const { chunks } = await run({ turns: [[text, errorChunk]] })
  const last = ending(chunks)
  console.log(`mid-stream error, ${name}: ${last.type} ${JSON.stringify(last.message).slice(0, 120)}`)
  if (name.startsWith('string') && !String(last.message).includes('Provider disconnected unexpectedly')) failed = true
}
const filter = JSON.stringify({ choices: [], created: 0, id: '', model: '', object: '',
  prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] })
const { chunks } = await run({ turns: [[chunk({ role: 'assistant', content: 'Hello' }), filter,
  chunk({ content: ' there!' }), chunk({}, 'stop')]] })
const said = chunks.filter((c) => c.type === 'TEXT_MESSAGE_CONTENT').map((c) => c.delta).join('')
console.log(`content-filter chunk mid-answer: text ${JSON.stringify(said)}, ended ${ending(chunks).type}`)
if (said !== 'Hello there!' || ending(chunks).type !== 'RUN_FINISHED') failed = true
process.exit(failed ? 1 : 0)
