#!/usr/bin/env node
// TanStack AI's chat() on OpenAI's default path: `openaiText` of @tanstack/ai-openai, a Responses
// adapter (it streams `openai.responses.create({stream: true})`), against the mock server's
// `POST /v1/responses`, behind the sac-harness/1 stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-openai-responses.mjs" --dialect=openai-responses
//
// The chat() call is tanstack-chat.mjs's (shared with tanstack-ai-openai.mjs).
import { openaiText } from '@tanstack/ai-openai'
import { runTanstackChat } from './tanstack-chat.mjs'

// openaiText reads its key from the environment (getOpenAIApiKeyFromEnv); the mock ignores it.
process.env.OPENAI_API_KEY ??= 'sk-conformance'

// What chat() + openaiText do, declared so the suite grades against it
// (docs/adapters.md "POLICY choices"; findings in docs/findings-tanstack-ai-openai-responses.md).
const CAPABILITIES = {
  name: 'tanstack-ai-openai-responses',
  inputs: ['openai-responses'],
  output: 'tanstack',
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'server_tools'],
  policies: {
    malformed_args: 'empty-object',
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    abort: 'silent',
    unknown_finish: 'stop',
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
  // chat() with an outputSchema always asks the Responses API for native text.format json_schema
  // (@tanstack/openai-base 0.10.15 dist/esm/adapters/responses-text.js:182 structuredOutputStream, :264):
  // no forced-tool or instruction fallback to grade.
  structured_modes: ['native'],
}

runTanstackChat({
  capabilities: CAPABILITIES,
  adapter: (c) => openaiText(c.modelId, {
    baseURL: c.baseURL,
    defaultHeaders: c.headers,
    maxRetries: 0, // a scripted 429/500 is the case itself, not something to retry
  }),
})
