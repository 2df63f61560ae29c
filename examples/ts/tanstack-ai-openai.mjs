#!/usr/bin/env node
// TanStack AI's chat() with its OpenAI Chat Completions adapter, behind the sac-harness/1
// stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-openai.mjs"
//
// Each case runs the real `chat({adapter: createOpenaiChatCompletions(...)})` against the suite's
// mock server (upstream mode "http", dialect openai-chat) and prints every chunk chat() yields,
// unchanged, as an `event`. stdout carries protocol lines only; logs go to stderr.
import { Console } from 'node:console'
import { createInterface } from 'node:readline'
import { chat, maxIterations } from '@tanstack/ai'
import { createOpenaiChatCompletions } from '@tanstack/ai-openai'

const PROTOCOL = 'sac-harness/1'

// stdout is for protocol lines only: TanStack's logger prints objects with console.log, so every
// console method goes to stderr (the suite quotes its tail when a case ends in ERROR).
const out = process.stdout
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr })

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
  // chat() with an outputSchema always asks OpenAI for native response_format json_schema
  // (@tanstack/openai-base 0.10.15 dist/esm/adapters/chat-completions-text.js:194 structuredOutputStream):
  // no forced-tool or instruction fallback to grade.
  structured_modes: ['native'],
}

const write = (message) => out.write(JSON.stringify(message) + '\n')
const log = (...args) => console.error('[tanstack-ai-openai]', ...args)

// The suite's request (OpenAI-style history) -> TanStack ModelMessages + system prompts.
function toTanstack(messages) {
  const systemPrompts = []
  const out = []
  for (const m of messages) {
    if (m.role === 'system') {
      systemPrompts.push(typeof m.content === 'string' ? m.content : JSON.stringify(m.content))
    } else if (m.role === 'tool') {
      out.push({ role: 'tool', content: m.content ?? '', toolCallId: m.tool_call_id ?? m.toolCallId })
    } else if (m.role === 'assistant' && Array.isArray(m.tool_calls)) {
      out.push({ role: 'assistant', content: m.content ?? null, toolCalls: m.tool_calls })
    } else {
      out.push({ role: m.role, content: m.content ?? '' })
    }
  }
  return { systemPrompts, messages: out }
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

const cases = new Map()

async function runCase(msg) {
  const id = msg.case
  const { request, upstream } = msg
  const abortController = new AbortController()
  cases.set(id, abortController)
  try {
    if (upstream.mode !== 'http') throw new Error(`unsupported upstream mode ${upstream.mode}`)
    const adapter = createOpenaiChatCompletions(upstream.model_id, 'sk-conformance', {
      baseURL: upstream.base_url.replace(/\/$/, '') + '/v1',
      defaultHeaders: upstream.headers,
      maxRetries: 0, // a scripted 429/500 is the case itself, not something to retry
    })
    const { systemPrompts, messages } = toTanstack(request.messages)
    const stream = chat({
      adapter,
      messages,
      systemPrompts,
      tools: toTools(request.tools ?? []),
      modelOptions: request.options ?? {},
      threadId: request.thread_id,
      runId: request.run_id,
      abortController,
      agentLoopStrategy: maxIterations(1),
      // With a schema, stream: true gives the structured-output stream (JSON text deltas and a
      // final CUSTOM structured-output.complete) instead of a Promise.
      ...(request.output_schema ? { outputSchema: request.output_schema, stream: true } : {}),
    })
    for await (const chunk of stream) {
      write({ type: 'event', case: id, event: chunk })
    }
    write({ type: 'end', case: id })
  } catch (err) {
    write({ type: 'error', case: id, message: `${err?.name ?? 'Error'}: ${err?.message ?? String(err)}`,
            stack: String(err?.stack ?? '') })
  } finally {
    cases.delete(id)
  }
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity })
rl.on('line', (line) => {
  if (!line.trim()) return
  let msg
  try {
    msg = JSON.parse(line)
  } catch {
    log('unparsable line from the suite:', line.slice(0, 200))
    return
  }
  if (msg.type === 'hello') {
    write({ type: 'capabilities', protocol: PROTOCOL, capabilities: CAPABILITIES })
  } else if (msg.type === 'case') {
    runCase(msg)
  } else if (msg.type === 'abort') {
    cases.get(msg.case)?.abort()
    write({ type: 'abort-ack', case: msg.case })
  } else {
    log('ignored message', msg.type)
  }
})
rl.on('close', () => process.exit(0))
