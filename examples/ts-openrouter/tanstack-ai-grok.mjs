#!/usr/bin/env node
// TanStack AI's chat() with @tanstack/ai-grok 0.18.3's text adapter, `createGrokText` (a `GrokTextAdapter`,
// dist/esm/adapters/text.js), on the @tanstack/ai its peer range `^0.52.0` allows (0.52.3, this directory's own
// install: examples/ts has 0.58), behind the sac-harness/1 stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts-openrouter/tanstack-ai-grok.mjs" --conformance-dialect=openai-responses
//
// Which wire: the package's only chat text adapter is `GrokTextAdapter`, which extends @tanstack/openai-base's
// `OpenAIBaseResponsesTextAdapter` (text.js:4, :16; its d.ts: "Uses xAI's OpenAI-compatible Responses API"; the
// README: "Streaming chat via xAI Responses API"), so it streams `POST {baseURL}/responses` through the `openai`
// client (6.49.0), not Chat Completions: graded on the mock's `POST /v1/responses`. The base adapter is
// @tanstack/openai-base 0.10.9 (held by this directory's override); its dist/esm/adapters/responses-text.js is
// byte-identical to 0.10.15's, which tanstack-ai-openai-responses.mjs grades under @tanstack/ai 0.58.
// Grok's own part is mapOptionsToRequest (text.js:22-35): `store: false`, `include:
// ['reasoning.encrypted_content']` and its own tool converter. The xAI base URL default is applied only when
// none is given (utils/client.js withGrokDefaults), so `baseURL` points the client at the mock.
//
// The chat() call is examples/ts/tanstack-chat.mjs's, handed this directory's @tanstack/ai.
import { chat, maxIterations } from '@tanstack/ai'
import { createGrokText } from '@tanstack/ai-grok'
import { runTanstackChat } from '../ts/tanstack-chat.mjs'

// What chat() + GrokTextAdapter do, declared from the packages' dist before any run (findings in
// docs/findings-tanstack-ai-grok.md). Line numbers are @tanstack/openai-base 0.10.9 dist/esm/adapters/responses-text.js.
const CAPABILITIES = {
  name: 'tanstack-ai-grok',
  inputs: ['openai-responses'],
  output: 'tanstack',
  // xAI's Responses server (mock_provider/servers.py 'xai'): no OpenAI background queue, no compaction items.
  server: 'xai',
  // tools: function tools (ai-grok tools/index.js convertToolsToProviderFormat); parallel_tools: calls kept per
  // item id; reasoning: response.reasoning_text / reasoning_summary_text deltas (:764-765); abort: chat()'s
  // abortController signal reaches the openai client call; structured_output: structuredOutputStream;
  // server_tools: chat()'s loop. No 'multimodal': the README lists "text + images for vision models" only.
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'server_tools'],
  policies: {
    malformed_args: 'empty-object', // :890-894 unparsable arguments -> input {} (logged)
    missing_usage: 'omit',
    in_stream_error: 'fatal', // :711-733 response.failed / error -> RUN_ERROR
    abort: 'silent',
    unknown_finish: 'stop', // :1085 anything but max_output_tokens / content_filter -> 'stop'
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
  // chat() with an outputSchema always asks the Responses API for native text.format json_schema
  // (structuredOutputStream): no forced-tool or instruction fallback to grade.
  structured_modes: ['native'],
}

runTanstackChat({
  capabilities: CAPABILITIES,
  ai: { chat, maxIterations },
  // c.baseURL is the mock server's /v1 (the Responses route is /v1/responses).
  adapter: (c) => createGrokText(c.modelId, 'xai-conformance', {
    baseURL: c.baseURL,
    defaultHeaders: c.headers,
    maxRetries: 0, // a scripted 429/500 is the case itself, not something to retry
  }),
})
