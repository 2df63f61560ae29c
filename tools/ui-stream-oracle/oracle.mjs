// The AI SDK's own reading of UI message streams: the second oracle of tests/test_ui_stream_oracle.py.
//
// stdin: JSON lines, one stream each: {"id": ..., "version": 5 | 6 | 7, "events": [chunk, ...]}.
// stdout: JSON lines, one per stream, in order:
//   {"id", "version", "verdict": "accept" | "reject", "invalid": [[index, reason], ...],
//    "rejected": null | {"index", "reason"}, "text"}
// `invalid`: every chunk that version's zod `uiMessageChunkSchema` refuses (the chat transports parse
// each SSE event with it and throw at the first failure: ai 6.0.326 dist/index.js 14736, ai 7.0.173
// 21597). `rejected`: the first error `readUIMessageStream` (processUIMessageStream inside) reports
// while reading the chunks before the first invalid one to the end -- a thrown UIMessageStreamError
// or TypeError, not the in-band `error` chunk, which it reports as `new Error(errorText)` and reads
// on (ai 6 dist/index.js 6678-6680, 9708; ai 7 7566-7568, 11504). `index` is the chunk it threw at
// (the end of the shortest prefix that fails: the reader reads ahead). `text`: the final message's
// text parts, joined. `message`: that final message itself (the last one readUIMessageStream yields,
// null when it yields none), `inBand`: the errorText of each in-band `error` chunk it reported, and
// `errorName`: the name of the error it threw (null when none): what conformance/ui_message_reader.py
// must reproduce. A line with `"view": true` also gets `view`: {message (id, role, metadata, parts),
// errors (the in-band texts)}: the consumer's view tests/test_metamorphic.py compares.
// ai 7 declares node >= 22; on Node 20 npm warns (EBADENGINE) and this runs.
import { readUIMessageStream as read5, uiMessageChunkSchema as schema5 } from 'ai5'
import { readUIMessageStream as read6, uiMessageChunkSchema as schema6 } from 'ai6'
import { readUIMessageStream as read7, uiMessageChunkSchema as schema7 } from 'ai7'
import { createInterface } from 'node:readline'

// ai 5.0.277's schema is a lazyValidator: calling it gives the same { validate } as ai 6's lazySchema.
const VERSIONS = {
  5: { read: read5, schema: schema5() }, 6: { read: read6, schema: schema6() }, 7: { read: read7, schema: schema7() },
}

function reasonOf(error) {
  const issues = error?.cause?.issues ?? error?.issues
  if (Array.isArray(issues) && issues.length > 0) {
    return issues.map((i) => `${(i.path ?? []).join('.') || '<chunk>'}: ${i.message}`).join('; ')
  }
  return String(error?.message ?? error)
}

async function oneStream({ id, version, events, view }) {
  const { read, schema } = VERSIONS[version]
  const invalid = []
  for (const [index, chunk] of events.entries()) {
    const result = await schema.validate(chunk)
    if (!result.success) invalid.push([index, reasonOf(result.error)])
  }
  const prefix = invalid.length > 0 ? events.slice(0, invalid[0][0]) : events
  const whole = await consume(read, prefix)
  let rejected = null
  if (whole.error !== null) {
    // The stream is read ahead, so the failing chunk is the end of the shortest prefix that fails.
    let end = 1
    while (end < prefix.length && (await consume(read, prefix.slice(0, end))).error === null) end += 1
    rejected = { index: end - 1, reason: whole.error }
  }
  const verdict = invalid.length > 0 || rejected !== null ? 'reject' : 'accept'
  const out = { id, version, verdict, invalid, rejected, text: whole.text, message: whole.message,
    inBand: whole.inBand, errorName: whole.errorName }
  if (view) out.view = { message: whole.viewMessage, errors: whole.inBand }
  return out
}

async function consume(read, chunks) {
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  const inBand = new Set(chunks.filter((c) => c.type === 'error').map((c) => c.errorText))
  let error = null
  let errorName = null
  const reported = []
  const onError = (e) => {
    // The in-band `error` chunk arrives as `new Error(errorText)`; anything else is the reader failing.
    const fromChunk = e?.constructor === Error && inBand.has(e.message)
    if (fromChunk) reported.push(e.message)
    if (!fromChunk && error === null) {
      error = `${e?.name}: ${reasonOf(e)}`
      errorName = e?.name ?? null
    }
  }
  let last = null
  for await (const message of read({ stream, onError })) last = message
  const text = (last?.parts ?? []).filter((p) => p.type === 'text').map((p) => p.text).join('')
  const viewMessage = last === null ? null : { id: last.id, role: last.role, metadata: last.metadata ?? null, parts: last.parts }
  return { error, errorName, text, message: last, viewMessage, inBand: reported }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
for await (const line of lines) {
  if (line.trim() === '') continue
  process.stdout.write(JSON.stringify(await oneStream(JSON.parse(line))) + '\n')
}
