// @ag-ui/client's own reading of AG-UI event streams: the second oracle of tests/test_agui_oracle.py.
//
// stdin: JSON lines, one stream each: {"id": ..., "events": [event, ...]}.
// stdout: JSON lines, one per stream, in order:
//   {"id", "verdict": "accept" | "reject", "rejected": null | {"index", "reason"},
//    "dropped": [index, ...], "stripped": [[index, path], ...], "text"}
// Each stream goes through the three stages AbstractAgent.runAgent puts between an agent's run()
// and its subscribers, in its order (@ag-ui/client 1.0.0 src/agent/agent.ts:357-359):
// enforceEvents (src/enforce/enforce.ts:70-101: an unknown event type is dropped with a warning,
// unknown keys are stripped with a warning, a malformed known field throws), transformChunks
// (src/chunks/transform.ts:253: *_CHUNK events become START / CONTENT / END) and verifyEvents
// (src/verify/verify.ts:6: the run and message lifecycle; it throws at the first violation).
// `rejected.index` is the input event being processed when a stage threw (the stages are
// synchronous), or the number of events when it threw at the end. `dropped` / `stripped`: the
// enforcement warnings, by input event. `text`: the deltas of the TEXT_MESSAGE_CONTENT events that
// reached the end of the pipeline, joined (what the message reducer appends).
// A line with `"view": true` also gets `view`: what an agent's subscriber holds after
// AbstractAgent.runAgent ran the whole stream (its middlewares, the three stages and
// defaultApplyEvents): {messages, state, error (what runAgent threw), runError (RUN_ERROR's message
// and code), finished (RUN_FINISHED's outcome)}: the consumer's view tests/test_metamorphic.py compares.
import { AbstractAgent, enforceEvents, transformChunks, verifyEvents } from '@ag-ui/client'
import { createInterface } from 'node:readline'
import { from } from 'rxjs'
import { tap } from 'rxjs/operators'

let current = 0
let warnings = []
console.warn = (...args) => warnings.push([current, args.map(String).join(' ')])
console.debug = () => {}

function reasonOf(error) {
  const issues = error?.issues
  if (Array.isArray(issues) && issues.length > 0) {
    return `${error.name}: ` + issues.map((i) => `${(i.path ?? []).join('.') || '<event>'}: ${i.message}`).join('; ')
  }
  return `${error?.name ?? 'Error'}: ${String(error?.message ?? error)}`
}

function oneStream({ id, events }) {
  current = 0
  warnings = []
  const out = []
  let rejected = null
  let index = -1
  from(events)
    .pipe(
      tap({ next: () => { index += 1; current = index }, complete: () => { current = events.length } }),
      enforceEvents(),
      transformChunks(),
      verifyEvents(),
    )
    .subscribe({
      next: (event) => out.push(event),
      error: (error) => { rejected = { index: current, reason: reasonOf(error).slice(0, 500) } },
    })
  const dropped = warnings.filter(([, w]) => w.includes('Dropping unrecognised event')).map(([i]) => i)
  const stripped = warnings
    .map(([i, w]) => [i, /Removed unrecognised material at '([^']*)'/.exec(w)])
    .filter(([, m]) => m !== null)
    .map(([i, m]) => [i, m[1]])
  const text = out.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')
  return { id, verdict: rejected === null ? 'accept' : 'reject', rejected, dropped, stripped, text }
}

class Replay extends AbstractAgent {
  constructor(events) {
    super({ threadId: 'thread' })
    this.events = events
  }

  run() {
    return from(this.events)
  }
}

async function viewOf(events) {
  const agent = new Replay(events)
  const seen = { runError: null, finished: null }
  let error = null
  const quiet = console.error
  console.error = () => {} // runAgent logs the error it rethrows; stdout stays JSON either way
  try {
    await agent.runAgent({ runId: 'run' }, {
      onRunErrorEvent: ({ event }) => { seen.runError = { message: event.message, code: event.code ?? null } },
      onRunFinishedEvent: ({ event }) => { seen.finished = { outcome: event.outcome ?? null } },
    })
  } catch (e) {
    error = String(e?.message ?? e).slice(0, 300)
  } finally {
    console.error = quiet
  }
  return { messages: agent.messages, state: agent.state, error, ...seen }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
for await (const line of lines) {
  if (line.trim() === '') continue
  const input = JSON.parse(line)
  const out = oneStream(input)
  if (input.view) out.view = await viewOf(input.events)
  process.stdout.write(JSON.stringify(out) + '\n')
}
