// Reads a JSON array of cases [{id, output, events}] from stdin and prints
// [{id, messages, result, error}]: the UIMessage[] (and ProcessorResult) that @tanstack/ai's StreamProcessor builds from each
// case's events. `output: "tanstack"` events are adapter yields: they pass through the real
// normalizeStreamChunk first, as they do inside chat(). Message `createdAt` is dropped (a
// clock reading); generated message ids are reported as they are (the caller normalizes).
import { StreamProcessor, normalizeStreamChunk } from '@tanstack/ai/client'

const quiet = () => {}
console.warn = quiet // the processor warns on dropped events; stdout must stay JSON
console.error = quiet

async function* replay(chunks) {
  for (const chunk of chunks) yield chunk
}

let input = ''
process.stdin.setEncoding('utf8')
for await (const piece of process.stdin) input += piece
const cases = JSON.parse(input)
const out = []
for (const c of cases) {
  const events = c.events.filter((e) => e !== null && typeof e === 'object' && !Array.isArray(e))
  const chunks = c.output === 'tanstack' ? events.flatMap((e) => normalizeStreamChunk(e)) : events
  const processor = new StreamProcessor()
  let error = null
  try {
    await processor.process(replay(chunks))
  } catch (e) {
    error = String(e && e.message ? e.message : e)
  }
  const messages = processor.getMessages().map(({ createdAt, ...rest }) => rest)
  out.push({ id: c.id, messages, result: processor.getResult(), error })
}
process.stdout.write(JSON.stringify(out))
