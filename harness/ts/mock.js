// The mock provider's shorthand answers for TypeScript tests (vitest, node:test, jest): the same
// reply / toolCall / fail as the Python `mock_provider` fixture, over the server's control routes
// (POST /_mock/scenarios with a short-form scenario, PUT /_mock/default-scenario scoped to the test).
// No dependency: Node's fetch (node >= 20).
import { randomUUID } from 'node:crypto'

export const SCOPE_HEADER = 'X-Mock-Scope'

export class MockProviderError extends Error {
  constructor(message, status, body) {
    super(message)
    this.name = 'MockProviderError'
    this.status = status
    this.body = body
  }
}

export class MockProvider {
  constructor({ baseURL = process.env.MOCK_BASE_URL, token = process.env.MOCK_TOKEN, scope } = {}) {
    if (!baseURL) throw new MockProviderError('mockProvider: give baseURL or set MOCK_BASE_URL', 0, '')
    this.baseURL = baseURL.replace(/\/+$/, '')
    this.token = token || undefined
    this.scope = scope ?? `ts-${randomUUID().replace(/-/g, '').slice(0, 12)}`
    this.posted = []
  }

  /** baseURL for an OpenAI-style client (it appends /chat/completions or /responses). */
  get openaiBaseURL() { return `${this.baseURL}/v1` }
  /** baseURL for an Anthropic client (it appends /v1/messages). */
  get anthropicBaseURL() { return this.baseURL }
  /** Headers to send with every model request: the test's scope, so requests() sees only its own. */
  get headers() { return { [SCOPE_HEADER]: this.scope } }
  /** The model name that selects a built-in or registered scenario. */
  model(scenarioId) { return `scenario:${scenarioId}` }

  /** Answer the next requests that name no scenario with this text. Returns the scenario id. */
  reply(text, { reasoning, usage } = {}) {
    const doc = { reply: text }
    if (reasoning !== undefined) doc.reasoning = reasoning
    if (usage !== undefined) doc.usage = { input_tokens: usage[0], output_tokens: usage[1] }
    return this.answer(doc)
  }

  /** Answer with one complete client tool call (and optional text before it). */
  toolCall(name, args = {}, { callId, text } = {}) {
    const call = { name, args }
    if (callId !== undefined) call.id = callId
    return this.answer({ tool_call: call, ...(text !== undefined ? { reply: text } : {}) })
  }

  /** Answer with HTTP status (Retry-After when given); with `then`, only the first attempt fails. */
  fail(status, { retryAfter, then } = {}) {
    const fail = { status }
    if (retryAfter !== undefined) fail.retry_after = retryAfter
    return this.answer({ fail, ...(then !== undefined ? { reply: then } : {}) })
  }

  /** Register a short-form scenario document as this test's answer (what reply/toolCall/fail post). */
  async answer(document) {
    const slug = this.scope.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'test'
    const id = `fixture.${slug}.${this.posted.length + 1}`
    const made = await this.#call('POST', '/_mock/scenarios', { id, ...document }, 201)
    this.posted.push(made.id)
    await this.#call('PUT', '/_mock/default-scenario', { scenario: made.id, scope: this.scope }, 200)
    return made.id
  }

  /** This test's request-log entries (oldest first), credentials already removed. */
  async requests() {
    return (await this.#call('GET', `/_mock/requests?scope=${encodeURIComponent(this.scope)}`, undefined, 200)).requests
  }

  /** Remove this test's answers (call it in afterEach). */
  async reset() {
    if (this.posted.length === 0) return
    const current = await this.#call('GET', `/_mock/default-scenario?scope=${encodeURIComponent(this.scope)}`,
      undefined, 200)
    if (this.posted.includes(current.scenario)) {
      await this.#call('DELETE', `/_mock/default-scenario?scope=${encodeURIComponent(this.scope)}`, undefined, null)
    }
    for (const id of this.posted) {
      await this.#call('DELETE', `/_mock/scenarios/${encodeURIComponent(id)}`, undefined, null)
    }
    this.posted = []
  }

  async #call(method, path, body, want) {
    const headers = { ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}) }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const r = await fetch(this.baseURL + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await r.text()
    if (want !== null && r.status !== want) {
      throw new MockProviderError(`mock-provider: ${method} ${path} answered HTTP ${r.status}: ${text}`, r.status, text)
    }
    return text ? JSON.parse(text) : {}
  }
}

/** A handle on a running mock provider (default: MOCK_BASE_URL), with a fresh scope for one test. */
export function mockProvider(options = {}) {
  return new MockProvider(options)
}
