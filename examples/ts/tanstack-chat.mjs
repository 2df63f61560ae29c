// The one chat() call of the TanStack AI harnesses (tanstack-ai-openai.mjs, tanstack-ai-openai-responses.mjs,
// tanstack-ai-gemini.mjs): each names its text adapter and what it declares, this runs the case.
// Each case runs the real `chat({adapter})` against the suite's mock server (upstream mode "http")
// and prints every chunk chat() yields, unchanged, as an `event`. stdout carries protocol lines only:
// runHarness sends every console method to stderr (TanStack's logger prints objects with
// console.log; the suite quotes the stderr tail when a case ends in ERROR).
// `@tanstack/ai` is the one examples/ts installs unless the caller hands its own (`ai`: a harness in another
// npm directory, on the @tanstack/ai its adapter's peer range allows, examples/ts-openrouter's 0.52.3):
// imported lazily so such a harness runs where examples/ts has no node_modules.
import { runHarness } from '../../harness/ts/index.js'
import { toolExecutor, toTanstackMessages } from '../../harness/ts/convert.js'

// A client tool has no `execute`: chat() ends the run with its call. A server tool (an agent loop's,
// issue 16) gets one that returns the scenario's scripted result, so chat() runs it and asks the
// model again. `needs_approval` is not forwarded: approval is the chat() engine's decision (an
// interrupt), not the adapter's, and the suite grades the adapter (tool.needs-approval.001 says so).
// `c` (the harness case) lets a held tool report its start (tool-started): the abort lands while it runs.
function toTools(tools, c) {
  return tools.map((t) => ({
    name: t.name,
    description: t.description ?? '',
    inputSchema: t.input_schema ?? { type: 'object', properties: {} },
    ...(t.server ? { execute: toolExecutor(t, c) } : {}),
  }))
}

/**
 * Run the harness: `adapter(c)` makes the case's TanStack text adapter, pointed at the mock server;
 * `ai` ({chat, maxIterations}) is the caller's `@tanstack/ai` (default: examples/ts's).
 */
export function runTanstackChat({ capabilities, adapter, ai }) {
  let engine
  async function* stream(c) {
    if (c.upstream.mode !== 'http') throw new Error(`unsupported upstream mode ${c.upstream.mode}`)
    engine ??= ai ?? await import('@tanstack/ai')
    const { chat, maxIterations } = engine
    const { request } = c
    const { systemPrompts, messages } = toTanstackMessages(request.messages)
    yield* chat({
      adapter: adapter(c),
      messages,
      systemPrompts,
      tools: toTools(request.tools ?? [], c),
      modelOptions: request.options ?? {},
      threadId: request.thread_id,
      runId: request.run_id,
      abortController: c.abortController,
      // With server tools chat() runs its own loop (its default strategy); without them one model
      // turn is the whole case (a client tool's call ends the run).
      ...(request.tools?.some((t) => t.server) ? {} : { agentLoopStrategy: maxIterations(1) }),
      // With a schema, stream: true gives the structured-output stream (JSON text deltas and a
      // final CUSTOM structured-output.complete) instead of a Promise.
      ...(request.output_schema ? { outputSchema: request.output_schema, stream: true } : {}),
    })
  }
  runHarness({ capabilities, stream, sends: ['tool-started'] })
}
