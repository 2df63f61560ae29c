// Types of sac-harness (the sac-harness/1 protocol; JSON Schema: docs/adapter-protocol.schema.json).

/** The upstream dialects a case can be played in. */
export type Dialect =
  | 'v2' | 'v3' | 'v4' | 'mastra'
  | 'openai-chat' | 'anthropic' | 'openai-responses' | 'gemini'

/** The output protocols the suite grades. */
export type OutputProtocol =
  | 'ag-ui' | 'tanstack' | 'tanstack-legacy'
  | 'ui-message-stream' | 'ui-message-stream@6' | 'ui-message-stream@7'

/** What the adapter declares (conformance.contract.Capabilities). */
export interface Capabilities {
  name: string
  inputs: Dialect[]
  output: OutputProtocol
  features?: Array<
    | 'reasoning' | 'tools' | 'parallel_tools' | 'provider_executed' | 'approval'
    | 'structured_output' | 'multimodal' | 'abort' | 'bridge' | 'server_tools' | 'retries' | 'think_tags'
  >
  policies?: {
    malformed_args?: 'raw' | 'empty-object'
    missing_usage?: 'omit' | 'zeros'
    in_stream_error?: 'fatal'
    error_text?: 'upstream' | 'own'
    system_prompt?: 'caller' | 'own'
    abort?: 'silent' | 'run-error' | 'cancelled'
    unknown_finish?: 'stop' | 'null'
    preliminary_results?: 'drop' | 'forward'
    missing_finish?: 'error' | 'stop'
    finish_reason?: 'engine' | 'provider'
    output_validation?: 'none' | 'retry'
    [policy: string]: string | undefined
  }
  reports_finish_reason?: boolean
  reports_usage?: boolean
  /** Retries of one refused model call at most (row retry.bounded); default 2, ai's and openai's. */
  max_retries?: number
  /** The Chat Completions server the client is written for (default: OpenAI's or any compatible one): the kit
   *  runs none of another server's habits against it and the mock answers in that server's shapes. */
  server?: 'openai' | 'groq' | 'mistral'
  /** False for an adapter that runs every tool it is given: scenarios calling a client tool are UNSUPPORTED. */
  client_tools?: boolean
  [field: string]: unknown
}

/** A chat message as the caller sends it (OpenAI-style history). */
export interface Message {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content?: string | Array<Record<string, unknown>> | null
  tool_call_id?: string
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>
}

/** A tool the caller offers. */
export interface ToolSpec {
  name: string
  description?: string
  input_schema?: Record<string, unknown>
  needs_approval?: boolean
  [field: string]: unknown
}

/** The caller's request (conformance.contract.RunRequest). */
export interface RunRequest {
  model: string
  messages: Message[]
  tools: ToolSpec[]
  output_schema?: Record<string, unknown> | null
  options: Record<string, unknown>
  thread_id: string
  run_id: string
  structured_mode?: 'native' | 'tool' | 'instruction'
  [field: string]: unknown
}

/** Where the adapter's model provider is. */
export type Upstream =
  | { mode: 'http'; base_url: string; model_id: string; headers: Record<string, string> }
  | { mode: 'parts' }

/** What `doStream` resolves to in parts mode: the AI SDK `{stream, request, response}` shape. */
export interface StreamResult {
  stream: ReadableStream<Record<string, unknown>>
  request: Record<string, unknown>
  response: Record<string, unknown>
}

/** One case, as the adapter's glue sees it. */
export interface HarnessCase {
  /** `<scenario id>[<dialect>]`, e.g. `text.basic.001[openai-chat]`. */
  id: string
  dialect: Dialect
  request: RunRequest
  upstream: Upstream
  /** HTTP mode: `base_url + "/v1"`, what OpenAI and Anthropic clients take as baseURL. */
  baseURL?: string
  /** HTTP mode: the model name that selects the scenario. */
  modelId?: string
  /** HTTP mode: send these with every request (they scope the request log to the case). */
  headers: Record<string, string>
  /** The models.dev entry of the upstream model, when the scenario states one. */
  modelInfo?: Record<string, unknown>
  /** Fires when the caller aborts: give it to the adapter. */
  signal: AbortSignal
  abortController: AbortController
  /** Log to stderr (stdout carries protocol lines only). */
  log(...args: unknown[]): void
  /**
   * Parts mode: the scripted model's `doStream` (AI SDK LanguageModel shape). Its stream pulls one
   * upstream part per read; pass the adapter's abort signal as `abortSignal` so an abort reaches
   * the upstream.
   */
  doStream(options?: { abortSignal?: AbortSignal; [key: string]: unknown }): Promise<StreamResult>
  /** A held tool started executing (toolExecutor(t, c) calls it): the suite aborts then. Sent only with
   * `sends: ['tool-started']` in the harness options; a no-op otherwise. */
  toolStarted(toolCallId: string): void
}

/** A route handler's fetch Response, structurally: only a non-2xx one is accepted (the HTTP error answer). */
export interface HttpAnswer {
  readonly ok: boolean
  readonly status: number
  text(): Promise<string>
}

export interface HarnessOptions {
  capabilities: Capabilities
  /** The adapter under test: its output events for one case, in order. */
  stream(c: HarnessCase): AsyncIterable<unknown> | Promise<AsyncIterable<unknown> | HttpAnswer>
  /** The TanStack input modalities the adapter supports for a model (row request.modalities). */
  modalities?(modelInfo: Record<string, unknown>, c: HarnessCase): string[] | undefined | Promise<string[] | undefined>
  /** Defaults: process.stdin / process.stdout (any Node readable stream of lines will do). */
  // Structural, so users need no @types/node: what readline.createInterface reads.
  input?: { on(event: string, listener: (...args: any[]) => void): unknown; [member: string]: any }
  output?: { write(chunk: string): unknown }
  /** Keep console.log on stdout (by default every console method goes to stderr). */
  keepConsole?: boolean
  /** Optional messages the harness sends: `['tool-started']` when its server tools come from
   * `toolExecutor(tool, c)` (the case, not only its signal), so an abort during a tool lands while it runs. */
  sends?: Array<'tool-started'>
}

export declare const PROTOCOL: 'sac-harness/1'

/** An upstream failure in parts mode (`parts-error`), shaped like the AI SDK's APICallError. */
export declare class UpstreamError extends Error {
  statusCode?: number
  responseBody?: string
  isRetryable?: boolean
  constructor(error: { name?: string; message?: string; status?: number; responseBody?: string; isRetryable?: boolean })
}

/** Run the harness until the suite closes stdin. */
/** Thrown by stream() before its first event: the adapter answered with an HTTP error status (sent as an
 * `error` with `http_status`); a stream() that returns a non-2xx Response is read the same way. */
export declare class HttpErrorResponse extends Error {
  constructor(status: number, body?: string)
  readonly status: number
  readonly body: string
}
export declare function runHarness(options: HarnessOptions): Promise<void>
