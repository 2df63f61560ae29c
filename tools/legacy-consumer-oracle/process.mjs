// The legacy-era TanStack consumer: @tanstack/ai 0.2.2's StreamProcessor (chunk types content,
// thinking, tool_call, tool_result, done, error, approval-requested, tool-input-available), the
// consumer of the tanstack-legacy output protocol that tests/test_metamorphic.py compares.
//
// stdin: a JSON array of cases [{id, events}]; stdout: [{id, messages, result, errors, error}]: the
// UIMessage[] and ProcessorResult the processor builds when a chat client runs it as 0.2.x's
// ChatClient does (startAssistantMessage, then process(stream)). Message `createdAt` is dropped (a
// clock reading); generated ids are reported as they are (the caller normalizes them). `errors`:
// what the `error` chunks hand the chat's onError (handlers.onError(chunk.error), processor.js
// handleErrorChunk); `error`: what the processor threw.
import { StreamProcessor } from '@tanstack/ai'

const quiet = () => {}
console.warn = quiet
console.error = quiet
console.log = quiet // the processor logs while it streams; stdout must stay JSON

async function* replay(chunks) {
  for (const chunk of chunks) yield chunk
}

let input = ''
process.stdin.setEncoding('utf8')
for await (const piece of process.stdin) input += piece
const out = []
for (const c of JSON.parse(input)) {
  const events = c.events.filter((e) => e !== null && typeof e === 'object' && !Array.isArray(e))
  const errors = []
  const processor = new StreamProcessor({ handlers: { onError: (e) => errors.push(e ?? null) } })
  let error = null
  let result = null
  try {
    processor.startAssistantMessage()
    result = await processor.process(replay(events))
  } catch (e) {
    error = String(e && e.message ? e.message : e)
  }
  const messages = processor.getMessages().map(({ createdAt, ...rest }) => rest)
  out.push({ id: c.id, messages, result, errors, error })
}
process.stdout.write(JSON.stringify(out))
