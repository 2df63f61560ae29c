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
// `run`: the same events through a real AbstractAgent's runAgent (src/agent/agent.ts:286-394: the
// CompatibilityBoundary middleware, the three stages above, defaultApplyEvents in
// src/apply/default.ts), one event per macrotask as a streaming transport delivers them:
//   {"messages": agent.messages, "state": agent.state, "interrupts": agent.pendingInterrupts,
//    "result": runAgent's result (absent when undefined), "outcome": the last RUN_FINISHED's outcome
//    as onRunFinishedEvent saw it, "runError": {message, code} of the last RUN_ERROR
//    (onRunErrorEvent), "threw": the index of the event being delivered when runAgent rejected, or null}
import { AbstractAgent, enforceEvents, transformChunks, verifyEvents } from '@ag-ui/client'
import { Observable } from 'rxjs'
import { createInterface } from 'node:readline'
import { from } from 'rxjs'
import { tap } from 'rxjs/operators'

let current = 0
let warnings = []
console.warn = (...args) => warnings.push([current, args.map(String).join(' ')])
console.debug = () => {}
console.error = () => {}  // onError logs 'Agent execution failed' before it rethrows (agent.ts:699)

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
    const events = this.events
    return new Observable((subscriber) => {
      let i = 0
      let timer = null
      const next = () => {
        if (subscriber.closed) return
        if (i >= events.length) { current = events.length; subscriber.complete(); return }
        current = i
        subscriber.next(events[i++])
        timer = setImmediate(next)
      }
      timer = setImmediate(next)
      return () => clearImmediate(timer)
    })
  }
}

async function applied(events) {
  current = 0
  const agent = new Replay(events)
  let outcome = null
  let runError = null
  let threw = null
  let result
  const watcher = {
    onRunFinishedEvent: (params) => { outcome = params.outcome },
    onRunErrorEvent: ({ event }) => {
      runError = {}
      for (const key of ['message', 'code']) if (event[key] !== undefined) runError[key] = event[key]
    },
  }
  try {
    result = (await agent.runAgent({}, watcher)).result
  } catch (error) {
    threw = current
  }
  const out = { messages: agent.messages, state: agent.state, interrupts: agent.pendingInterrupts, outcome, runError, threw }
  if (result !== undefined) out.result = result
  return out
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
  const stream = JSON.parse(line)
  const answer = oneStream(stream)
  answer.run = await applied(stream.events)
  if (stream.view) answer.view = await viewOf(stream.events)
  let text
  try {
    text = JSON.stringify(answer)
  } catch (error) {
    // fast-json-patch's move from the root into a child leaves a circular state: say so, go on.
    answer.run = { unserializable: String(error?.message ?? error).split('\n')[0] }
    text = JSON.stringify(answer)
  }
  process.stdout.write(text + '\n')
}
