#!/usr/bin/env node
// TanStack AI's chat() with its OpenAI Chat Completions adapter, behind the sac-harness/1
// stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-openai.mjs"
//
// Each case runs the real `chat({adapter: createOpenaiChatCompletions(...)})` against the suite's
// mock server (upstream mode "http", dialect openai-chat) and prints every chunk chat() yields,
// unchanged, as an `event`. stdout carries protocol lines only; logs go to stderr.
import { chat, maxIterations } from '@tanstack/ai'
import { createOpenaiChatCompletions } from '@tanstack/ai-openai'
import { runHarness } from '../../harness/ts/index.js'
import { toTanstackMessages } from '../../harness/ts/convert.js'

// stdout carries protocol lines only: runHarness sends every console method to stderr (TanStack's
// logger prints objects with console.log; the suite quotes the stderr tail when a case ends in ERROR).

// What chat() + @tanstack/ai-openai do, declared so the suite grades against it
// (README "POLICY choices"; findings in docs/findings-tanstack-ai.md).
const CAPABILITIES = {
  name: 'tanstack-ai-openai',
  inputs: ['openai-chat'],
  output: 'tanstack',
  features: ['tools', 'parallel_tools', 'abort', 'structured_output'],
  policies: {
    malformed_args: 'empty-object', // openai-base: unparsable arguments -> input {} (logged)
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    abort: 'silent',
    unknown_finish: 'stop', // openai-base: a missing finish_reason -> 'stop'
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
}

// Tools without `execute`: chat() runs nothing, one model turn per case. `needs_approval` is not
// forwarded: approval is the chat() engine's decision (an interrupt), not the adapter's, and the
// suite grades the adapter (scenario tool.needs-approval.001 says so).
function toTools(tools) {
  return tools.map((t) => ({
    name: t.name,
    description: t.description ?? '',
    inputSchema: t.input_schema ?? { type: 'object', properties: {} },
  }))
}

async function* stream(c) {
  if (c.upstream.mode !== 'http') throw new Error(`unsupported upstream mode ${c.upstream.mode}`)
  const { request } = c
  const adapter = createOpenaiChatCompletions(c.modelId, 'sk-conformance', {
    baseURL: c.baseURL,
    defaultHeaders: c.headers,
    maxRetries: 0, // a scripted 429/500 is the case itself, not something to retry
  })
  const { systemPrompts, messages } = toTanstackMessages(request.messages)
  yield* chat({
    adapter,
    messages,
    systemPrompts,
    tools: toTools(request.tools ?? []),
    modelOptions: request.options ?? {},
    threadId: request.thread_id,
    runId: request.run_id,
    abortController: c.abortController,
    agentLoopStrategy: maxIterations(1),
    // With a schema, stream: true gives the structured-output stream (JSON text deltas and a
    // final CUSTOM structured-output.complete) instead of a Promise.
    ...(request.output_schema ? { outputSchema: request.output_schema, stream: true } : {}),
  })
}

runHarness({ capabilities: CAPABILITIES, stream })
