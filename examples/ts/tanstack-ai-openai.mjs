#!/usr/bin/env node
// TanStack AI's chat() with its OpenAI Chat Completions adapter, behind the sac-harness/1
// stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-openai.mjs"
//
// Each case runs the real `chat({adapter: createOpenaiChatCompletions(...)})` against the suite's
// mock server (upstream mode "http", dialect openai-chat) and prints every chunk chat() yields,
// unchanged, as an `event`. stdout carries protocol lines only; logs go to stderr.
import { createOpenaiChatCompletions } from '@tanstack/ai-openai'
import { runTanstackChat } from './tanstack-chat.mjs'

// What chat() + @tanstack/ai-openai do, declared so the suite grades against it
// (docs/adapters.md "POLICY choices"; findings in docs/findings-tanstack-ai.md).
const CAPABILITIES = {
  name: 'tanstack-ai-openai',
  inputs: ['openai-chat'],
  output: 'tanstack',
  features: ['tools', 'parallel_tools', 'abort', 'structured_output', 'server_tools'],
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

runTanstackChat({
  capabilities: CAPABILITIES,
  adapter: (c) => createOpenaiChatCompletions(c.modelId, 'sk-conformance', {
    baseURL: c.baseURL,
    defaultHeaders: c.headers,
    maxRetries: 0, // a scripted 429/500 is the case itself, not something to retry
  }),
})
