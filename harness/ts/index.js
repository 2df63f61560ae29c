// sac-harness: the sac-harness/1 stdio protocol (docs/adapter-protocol.md of
// stream-adapter-conformance) done once, so a TypeScript adapter is checked with a few lines:
//
//   import { runHarness } from 'stream-adapter-conformance-harness'
//   runHarness({
//     capabilities: { name: 'my-adapter', inputs: ['openai-chat'], output: 'ag-ui' },
//     async *stream(c) { yield* myAdapter(c.request, { baseURL: c.baseURL, headers: c.headers, signal: c.signal }) },
//   })
//
// It answers the handshake (flow "pull"), runs one case at a time as the suite sends them,
// prints each event the adapter yields, ends every case with exactly one `end` or `error`,
// fires the case's AbortSignal on `abort` and acknowledges it, and, in parts mode, gives the
// adapter a `doStream` whose ReadableStream pulls one upstream part per read.
import { createInterface } from 'node:readline'
import { Console } from 'node:console'

export const PROTOCOL = 'sac-harness/1'

/** An upstream failure in parts mode, shaped like the AI SDK's APICallError where it is one. */
export class UpstreamError extends Error {
  constructor(error) {
    super(error?.message ?? 'upstream error')
    this.name = error?.name ?? 'Error'
    if (error?.status !== undefined) this.statusCode = error.status
    if (error?.responseBody !== undefined) this.responseBody = error.responseBody
    if (error?.isRetryable !== undefined) this.isRetryable = error.isRetryable
  }
}

/**
 * Thrown by `stream()` before its first event: the adapter answers its caller with an HTTP error status and
 * `body` instead of a stream (a UI message stream route whose model call failed before it started). Sent as
 * an `error` with `http_status`; a `stream()` that returns a non-2xx `Response` is read the same way.
 */
export class HttpErrorResponse extends Error {
  constructor(status, body = '') {
    super(`HTTP ${status}: ${body}`)
    this.name = 'HttpErrorResponse'
    this.status = status
    this.body = body
  }
}

// A route handler's Response: a non-2xx one is the HTTP error answer; a stream is read through stream() itself.
async function events(produced) {
  if (typeof Response !== 'undefined' && produced instanceof Response) {
    if (!produced.ok) throw new HttpErrorResponse(produced.status, await produced.text())
    throw new Error('stream() returned a 2xx Response: yield its events instead (a Response is read only as an HTTP error)')
  }
  return produced
}

// doStream options as JSON: the abort signal and anything JSON cannot carry are left out.
function jsonOptions(options) {
  const { abortSignal, ...rest } = options ?? {}
  try {
    return JSON.parse(JSON.stringify(rest, (_key, value) => (typeof value === 'function' ? undefined : value)))
  } catch {
    return {}
  }
}

function errorText(error) {
  if (error == null) return 'unknown error'
  if (typeof error === 'string') return error
  if (error instanceof Error) return `${error.name}: ${error.message}`
  try {
    return JSON.stringify(error)
  } catch {
    return String(error)
  }
}

/**
 * Run the harness loop until the suite closes stdin.
 * @param {import('./index.js').HarnessOptions} options
 * @returns {Promise<void>}
 */
export function runHarness(options) {
  const input = options.input ?? process.stdin
  const output = options.output ?? process.stdout
  if (options.output === undefined && options.keepConsole !== true) {
    // stdout is the protocol channel: libraries that log with console.log/info would corrupt it.
    globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr })
  }
  const send = (message) => output.write(`${JSON.stringify(message)}\n`)
  const log = (...args) => process.stderr.write(`[${options.capabilities.name}] ${args.map(String).join(' ')}\n`)
  // Optional messages this harness sends: ['tool-started'] when its tools are made by toolExecutor(t, c).
  const sends = Array.isArray(options.sends) ? options.sends.filter((m) => m === 'tool-started') : []
  const cases = new Map() // case id -> {controller, answer(message)}
  const queue = []
  let busy = false

  async function runCase(message) {
    const id = message.case
    const controller = new AbortController()
    const state = { controller, pending: null, ended: false, upstreamAbortSent: false, mode: message.upstream?.mode }
    cases.set(id, state)
    const upstream = message.upstream ?? {}
    const base = typeof upstream.base_url === 'string' ? upstream.base_url.replace(/\/$/, '') : undefined
    const harnessCase = {
      id,
      dialect: message.dialect,
      request: message.request ?? {},
      upstream,
      baseURL: base === undefined ? undefined : `${base}/v1`,
      modelId: upstream.model_id,
      headers: upstream.headers ?? {},
      modelInfo: message.model_info,
      signal: controller.signal,
      abortController: controller,
      log,
      doStream: (callOptions = {}) => doStream(id, state, callOptions),
      // A held tool started (toolExecutor(t, c)): sent only when the harness declared it may send it.
      toolStarted: (toolCallId) => {
        if (sends.includes('tool-started') && !state.ended) send({ type: 'tool-started', case: id, tool_call_id: toolCallId })
      },
    }
    try {
      if (message.model_info !== undefined && options.modalities) {
        const found = await options.modalities(message.model_info, harnessCase)
        if (Array.isArray(found)) send({ type: 'modalities', case: id, input: found })
      }
      for await (const event of await events(await options.stream(harnessCase))) {
        send({ type: 'event', case: id, event })
      }
      send({ type: 'end', case: id })
    } catch (error) {
      if (error instanceof HttpErrorResponse) send({ type: 'error', case: id, message: error.body, http_status: error.status })
      else send({ type: 'error', case: id, message: errorText(error), stack: String(error?.stack ?? '') })
    } finally {
      state.ended = true
      cases.delete(id)
    }
  }

  // Parts mode: the first read is the doStream call, each read one pull answered by one message.
  function doStream(id, state, callOptions) {
    if (state.mode !== 'parts') throw new Error(`doStream is for parts-mode cases only (this case: ${state.mode})`)
    const signal = callOptions.abortSignal
    const abortUpstream = () => {
      if (!state.upstreamAbortSent && !state.ended) {
        state.upstreamAbortSent = true
        send({ type: 'parts-abort', case: id })
      }
    }
    if (signal?.aborted) abortUpstream()
    else signal?.addEventListener('abort', abortUpstream, { once: true })
    let done = false
    let first = true
    const stream = new ReadableStream(
      {
        pull(controller) {
          if (done) return undefined
          return new Promise((resolve) => {
            state.pending = (answer) => {
              state.pending = null
              if (answer.type === 'part') controller.enqueue(answer.part)
              else if (answer.type === 'parts-end') {
                done = true
                controller.close()
              } else {
                done = true
                controller.error(new UpstreamError(answer.error))
              }
              resolve()
            }
            // The first pull of each call carries the call's options (the suite logs them as the
            // upstream request and, in an agent loop, picks the turn from the prompt).
            send(first ? { type: 'pull', case: id, options: jsonOptions(callOptions) } : { type: 'pull', case: id })
            first = false
          })
        },
        cancel() {
          done = true
          abortUpstream()
        },
      },
      { highWaterMark: 0 },
    )
    return Promise.resolve({ stream, request: {}, response: {} })
  }

  async function drain() {
    if (busy) return
    busy = true
    while (queue.length > 0) await runCase(queue.shift())
    busy = false
  }

  function onLine(line) {
    if (!line.trim()) return
    let message
    try {
      message = JSON.parse(line)
    } catch {
      log(`ignoring a line that is not JSON: ${line.slice(0, 200)}`)
      return
    }
    const state = cases.get(message.case)
    switch (message.type) {
      case 'hello':
        send({ type: 'capabilities', protocol: PROTOCOL, capabilities: options.capabilities, flow: 'pull',
          ...(sends.length ? { sends } : {}) })
        break
      case 'case':
        queue.push(message)
        void drain()
        break
      case 'abort':
        // Listeners run synchronously: a `parts-abort` they send goes out before the ack.
        state?.controller.abort()
        send({ type: 'abort-ack', case: message.case })
        break
      case 'part':
      case 'parts-end':
      case 'parts-error':
        if (state?.pending) state.pending(message)
        else log(`a '${message.type}' nobody pulled, for case ${message.case}`)
        break
      default:
        log(`ignoring message type ${message.type}`)
    }
  }

  return new Promise((resolve) => {
    const lines = createInterface({ input, crlfDelay: Infinity })
    lines.on('line', onLine)
    lines.on('close', () => {
      for (const state of cases.values()) state.controller.abort()
      resolve()
    })
  })
}
