// node --test: runHarness speaks sac-harness/1 as docs/adapter-protocol.md says.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { PassThrough } from 'node:stream'
import { runHarness, PROTOCOL, UpstreamError, HttpErrorResponse } from '../index.js'

// A suite on the other end of the pipe: send lines, wait for the harness's messages.
function suite(options) {
  const input = new PassThrough()
  const received = []
  const waiters = []
  const output = {
    write(chunk) {
      for (const line of chunk.split('\n').filter(Boolean)) {
        received.push(JSON.parse(line))
        for (const w of [...waiters]) w()
      }
      return true
    },
  }
  const done = runHarness({ ...options, input, output })
  return {
    received,
    done,
    send: (message) => input.write(`${JSON.stringify(message)}\n`),
    close: () => input.end(),
    // The first message after `from` that matches, as soon as it arrives.
    next(predicate, from = 0) {
      return new Promise((resolve) => {
        const look = () => {
          const found = received.slice(from).find(predicate)
          if (found) {
            waiters.splice(waiters.indexOf(look), 1)
            resolve(found)
          }
        }
        waiters.push(look)
        look()
      })
    },
  }
}

const CAPS = { name: 'test-adapter', inputs: ['openai-chat', 'v3'], output: 'ag-ui' }
const HTTP = { mode: 'http', base_url: 'http://127.0.0.1:9/', model_id: 'scenario:x', headers: { 'X-Mock-Scope': 's' } }
const REQUEST = { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [], options: {}, thread_id: 't', run_id: 'r' }

test('the handshake declares the capabilities and the pull flow', async () => {
  const s = suite({ capabilities: CAPS, async *stream() {} })
  s.send({ type: 'hello', protocol: PROTOCOL })
  const reply = await s.next((m) => m.type === 'capabilities')
  assert.deepEqual(reply, { type: 'capabilities', protocol: 'sac-harness/1', capabilities: CAPS, flow: 'pull' })
  s.close()
  await s.done
})

test('an HTTP case gets its events in order, then one end, and sees the upstream it was given', async () => {
  let seen
  const s = suite({
    capabilities: CAPS,
    async *stream(c) {
      seen = c
      yield { type: 'RUN_STARTED', threadId: c.request.thread_id, runId: c.request.run_id }
      yield { type: 'RUN_FINISHED', threadId: c.request.thread_id, runId: c.request.run_id }
    },
  })
  s.send({ type: 'case', case: 'a[openai-chat]', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  await s.next((m) => m.type === 'end')
  assert.deepEqual(s.received.map((m) => [m.type, m.case, m.event?.type]), [
    ['event', 'a[openai-chat]', 'RUN_STARTED'],
    ['event', 'a[openai-chat]', 'RUN_FINISHED'],
    ['end', 'a[openai-chat]', undefined],
  ])
  assert.equal(seen.baseURL, 'http://127.0.0.1:9/v1')
  assert.equal(seen.modelId, 'scenario:x')
  assert.deepEqual(seen.headers, { 'X-Mock-Scope': 's' })
  s.close()
  await s.done
})

test('an adapter that throws ends its case with one error carrying the message and stack', async () => {
  const s = suite({
    capabilities: CAPS,
    async *stream() {
      yield { type: 'RUN_STARTED' }
      throw new TypeError('boom')
    },
  })
  s.send({ type: 'case', case: 'b[openai-chat]', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  const error = await s.next((m) => m.type === 'error')
  assert.equal(error.message, 'TypeError: boom')
  assert.match(error.stack, /boom/)
  assert.equal(s.received.filter((m) => m.type === 'end').length, 0)
  s.close()
  await s.done
})

test('an HTTP error answer before the stream is an error with http_status and the body', async () => {
  const s = suite({
    capabilities: { ...CAPS, output: 'ui-message-stream' },
    async *stream(c) {
      if (c.id === 'h1[openai-chat]') throw new HttpErrorResponse(503, 'overloaded')
      return new Response('quota exceeded', { status: 429 })
    },
  })
  s.send({ type: 'case', case: 'h1[openai-chat]', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  const first = await s.next((m) => m.type === 'error')
  assert.deepEqual(first, { type: 'error', case: 'h1[openai-chat]', message: 'overloaded', http_status: 503 })
  s.close()
  await s.done
})

test('a stream() that returns a non-2xx Response answers with its status and body', async () => {
  const s = suite({ capabilities: { ...CAPS, output: 'ui-message-stream' }, stream: async () => new Response('quota exceeded', { status: 429 }) })
  s.send({ type: 'case', case: 'h2[openai-chat]', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  const answer = await s.next((m) => m.type === 'error')
  assert.deepEqual(answer, { type: 'error', case: 'h2[openai-chat]', message: 'quota exceeded', http_status: 429 })
  s.close()
  await s.done
})

test('cases run one at a time, in the order they came', async () => {
  const s = suite({
    capabilities: CAPS,
    async *stream(c) {
      yield { n: c.id }
      await new Promise((r) => setTimeout(r, c.id === 'first' ? 20 : 0))
      yield { n: c.id }
    },
  })
  s.send({ type: 'case', case: 'first', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  s.send({ type: 'case', case: 'second', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  await s.next((m) => m.type === 'end' && m.case === 'second')
  assert.deepEqual(s.received.map((m) => `${m.type}:${m.case}`), [
    'event:first', 'event:first', 'end:first', 'event:second', 'event:second', 'end:second',
  ])
  s.close()
  await s.done
})

test('abort fires the case signal and is acknowledged', async () => {
  let release
  const s = suite({
    capabilities: CAPS,
    async *stream(c) {
      yield { type: 'RUN_STARTED' }
      await new Promise((resolve) => {
        release = resolve
        c.signal.addEventListener('abort', resolve)
      })
      yield { aborted: c.signal.aborted }
    },
  })
  s.send({ type: 'case', case: 'c', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  await s.next((m) => m.type === 'event')
  s.send({ type: 'abort', case: 'c' })
  await s.next((m) => m.type === 'end')
  assert.deepEqual(s.received.map((m) => m.type), ['event', 'abort-ack', 'event', 'end'])
  assert.deepEqual(s.received[2].event, { aborted: true })
  assert.equal(typeof release, 'function')
  s.close()
  await s.done
})

test('parts mode: each read of doStream is one pull, answered by one part, parts-end closes', async () => {
  const s = suite({
    capabilities: CAPS,
    async *stream(c) {
      const { stream } = await c.doStream({ abortSignal: c.signal })
      for await (const part of stream) yield { got: part.type }
    },
  })
  s.send({ type: 'case', case: 'p[v3]', dialect: 'v3', request: REQUEST, upstream: { mode: 'parts' } })
  await s.next((m) => m.type === 'pull')
  assert.equal(s.received.filter((m) => m.type === 'pull').length, 1, 'no read-ahead: one pull at a time')
  s.send({ type: 'part', case: 'p[v3]', part: { type: 'stream-start', warnings: [] } })
  await s.next((m) => m.type === 'event')
  await s.next((m, i) => m.type === 'pull', 1)
  s.send({ type: 'parts-end', case: 'p[v3]' })
  await s.next((m) => m.type === 'end')
  assert.deepEqual(s.received.map((m) => m.type), ['pull', 'event', 'pull', 'end'])
  assert.deepEqual(s.received[0].options, {}, 'the first pull of a call carries its options')
  assert.equal(s.received[2].options, undefined)
  s.close()
  await s.done
})

// A parts-mode adapter that forwards every part and yields what `onError` makes of the stream's error.
function partsSuite(onError) {
  return suite({
    capabilities: CAPS,
    async *stream(c) {
      const { stream } = await c.doStream({ abortSignal: c.signal })
      try {
        for await (const part of stream) yield part
      } catch (error) {
        yield onError(error)
      }
    },
  })
}

test('parts mode: parts-error reaches the adapter as an UpstreamError with the status', async () => {
  const s = partsSuite((error) => ({ name: error.name, status: error.statusCode, isUpstream: error instanceof UpstreamError }))
  s.send({ type: 'case', case: 'e[v3]', dialect: 'v3', request: REQUEST, upstream: { mode: 'parts' } })
  await s.next((m) => m.type === 'pull')
  s.send({ type: 'parts-error', case: 'e[v3]', error: { name: 'APICallError', message: 'rate', status: 429 } })
  const event = await s.next((m) => m.type === 'event')
  assert.deepEqual(event.event, { name: 'APICallError', status: 429, isUpstream: true })
  s.close()
  await s.done
})

test('parts mode: an abort sends parts-abort before the abort-ack', async () => {
  const s = partsSuite((error) => ({ error: error.name }))
  s.send({ type: 'case', case: 'x[v3]', dialect: 'v3', request: REQUEST, upstream: { mode: 'parts' } })
  await s.next((m) => m.type === 'pull')
  s.send({ type: 'abort', case: 'x[v3]' })
  await s.next((m) => m.type === 'abort-ack')
  s.send({ type: 'parts-error', case: 'x[v3]', error: { name: 'AbortError', message: 'aborted' } })
  await s.next((m) => m.type === 'end')
  assert.deepEqual(s.received.map((m) => m.type), ['pull', 'parts-abort', 'abort-ack', 'event', 'end'])
  s.close()
  await s.done
})

test('doStream refuses an HTTP case', async () => {
  const s = suite({
    capabilities: CAPS,
    async *stream(c) {
      await c.doStream()
    },
  })
  s.send({ type: 'case', case: 'h', dialect: 'openai-chat', request: REQUEST, upstream: HTTP })
  const error = await s.next((m) => m.type === 'error')
  assert.match(error.message, /parts-mode cases only/)
  s.close()
  await s.done
})

test('a case with model_info gets one modalities message before its events', async () => {
  const s = suite({
    capabilities: CAPS,
    modalities: (info) => (info.modalities.input.includes('pdf') ? ['text', 'document'] : ['text']),
    async *stream() {
      yield { type: 'RUN_STARTED' }
    },
  })
  const modelInfo = { id: 'g', modalities: { input: ['text', 'pdf'], output: ['text'] } }
  s.send({ type: 'case', case: 'm', dialect: 'openai-chat', request: REQUEST, upstream: HTTP, model_info: modelInfo })
  await s.next((m) => m.type === 'end')
  assert.deepEqual(s.received.map((m) => m.type), ['modalities', 'event', 'end'])
  assert.deepEqual(s.received[0].input, ['text', 'document'])
  s.close()
  await s.done
})

test('toolExecutor: a server tool returns its scripted result by call id, else in order, and throws its error', async () => {
  const { toolExecutor } = await import('../convert.js')
  assert.equal(toolExecutor({ name: 'client' }), undefined)
  const run = toolExecutor({
    name: 'weather', server: true,
    results: [{ tool_call_id: 'a', result: { t: 18 } }, { tool_call_id: 'b', error: 'down' }],
  })
  await assert.rejects(run({}, { toolCallId: 'b' }), /down/)
  assert.deepEqual(await run({}, { toolCallId: 'a' }), { t: 18 })
  await assert.rejects(run({}, {}), /no scripted result/)
  const ordered = toolExecutor({ name: 'w', server: true, results: [{ tool_call_id: 'x', result: 1 }, { tool_call_id: 'y', result: 2 }] })
  assert.deepEqual([await ordered({}), await ordered({})], [1, 2])
})

test('toolExecutor: a result marked until_abort is held until the framework\'s or the case\'s signal aborts', async () => {
  const { toolExecutor } = await import('../convert.js')
  const spec = { name: 'w', server: true, results: [{ tool_call_id: 'h', result: 7, until_abort: true }] }
  for (const via of ['context', 'case']) {
    const controller = new AbortController()
    const run = toolExecutor(spec, via === 'case' ? controller.signal : undefined)
    let settled = false
    const pending = run({}, { toolCallId: 'h', ...(via === 'context' ? { abortSignal: controller.signal } : {}) })
      .then((v) => { settled = true; return v })
    for (let i = 0; i < 5; i++) await Promise.resolve() // microtasks run: nothing resolves it but the abort
    assert.equal(settled, false, via)
    controller.abort()
    assert.equal(await pending, 7, via)
  }
})

test('tool-started: a harness that declares it reports a held tool as it starts; one that does not, never', async () => {
  const { toolExecutor } = await import('../convert.js')
  const tools = [{ name: 'w', server: true, results: [{ tool_call_id: 'h', result: 7, until_abort: true, report_start: true }] }]
  for (const declared of [true, false]) {
    const s = suite({
      capabilities: CAPS,
      ...(declared ? { sends: ['tool-started'] } : {}),
      async *stream(c) {
        const execute = toolExecutor(c.request.tools[0], c)
        yield { type: 'RUN_STARTED', threadId: 't', runId: 'r' }
        yield { type: 'TOOL_RESULT', value: await execute({}, { toolCallId: 'h' }) }
      },
    })
    s.send({ type: 'hello', protocol: PROTOCOL })
    const hello = await s.next((m) => m.type === 'capabilities')
    assert.deepEqual(hello.sends, declared ? ['tool-started'] : undefined)
    s.send({ type: 'case', case: 'k[v3]', dialect: 'v3', request: { ...REQUEST, tools }, upstream: HTTP })
    await s.next((m) => m.type === 'event')
    for (let i = 0; i < 5; i++) await Promise.resolve()
    s.send({ type: 'abort', case: 'k[v3]' })
    await s.next((m) => m.type === 'end')
    const started = s.received.filter((m) => m.type === 'tool-started')
    assert.deepEqual(started, declared ? [{ type: 'tool-started', case: 'k[v3]', tool_call_id: 'h' }] : [])
    // The start is reported before the tool returns (it holds until the abort).
    if (declared) assert.ok(s.received.indexOf(started[0]) < s.received.findIndex((m) => m.event?.type === 'TOOL_RESULT'))
    s.close()
    await s.done
  }
})

test('parts mode: an agent loop calls doStream again after parts-end; that pull carries the prompt', async () => {
  const s = suite({
    capabilities: CAPS,
    async *stream(c) {
      for (const turn of [1, 2]) {
        const { stream } = await c.doStream({ abortSignal: c.signal, prompt: [{ role: 'user', turn }], onChunk: () => {} })
        for await (const part of stream) yield { turn, got: part.type }
      }
    },
  })
  s.send({ type: 'case', case: 'l[v3]', dialect: 'v3', request: REQUEST, upstream: { mode: 'parts' } })
  await s.next((m) => m.type === 'pull')
  s.send({ type: 'parts-end', case: 'l[v3]' })
  await s.next((m) => m.type === 'pull', 1)
  s.send({ type: 'part', case: 'l[v3]', part: { type: 'text-delta', id: '0', delta: 'x' } })
  await s.next((m) => m.type === 'pull', 3)
  s.send({ type: 'parts-end', case: 'l[v3]' })
  await s.next((m) => m.type === 'end')
  const pulls = s.received.filter((m) => m.type === 'pull')
  assert.deepEqual(pulls.map((p) => p.options?.prompt?.[0]?.turn), [1, 2, undefined])
  assert.equal('onChunk' in pulls[0].options, false, 'functions are not sent')
  assert.deepEqual(s.received.filter((m) => m.type === 'event').map((m) => m.event), [{ turn: 2, got: 'text-delta' }])
  s.close()
  await s.done
})
