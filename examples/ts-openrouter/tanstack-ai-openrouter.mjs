#!/usr/bin/env node
// TanStack AI's chat() with @tanstack/ai-openrouter 0.19.6's text adapter, `createOpenRouterText` (an
// `OpenRouterTextAdapter`, dist/esm/adapters/text.js), on the @tanstack/ai its peer range `^0.52.1` allows
// (0.52.3, this directory's own install: examples/ts has 0.58), behind the sac-harness/1 stdio protocol
// (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts-openrouter/tanstack-ai-openrouter.mjs" --conformance-dialect=openai-chat
//
// Which wire: the package has two text adapters. `openRouterText`/`createOpenRouterText` (text.js) talks to
// OpenRouter's Chat Completions endpoint through @openrouter/sdk 0.13.20's `chat.send` (esm/funcs/chatSend.js:25
// path "/chat/completions", its own SSE reader esm/lib/event-streams.js and zod chunk schemas);
// `openRouterResponsesText` (adapters/responses-text.js) talks to `/v1/responses`, which its own d.ts calls
// "OpenRouter Responses (beta)". The adapter's docs (tanstack.com/ai/latest/docs/adapters/openrouter "Basic
// Usage" and "Configuration", and OpenRouter's own TanStack AI guide) show `openRouterText` /
// `createOpenRouterText` only, so that is the default and the one graded here, on the mock's Chat Completions
// route. `serverURL` is the SDK's documented base URL override (the docs' Configuration example).
//
// OpenRouter's server streams reasoning in `delta.reasoning` with its structured `delta.reasoning_details`
// beside it; the adapter reads only `delta.reasoningDetails` (text.js:929-941 extractReasoningText). The harness
// asks the mock for OpenRouter's field with `X-Mock-Reasoning: reasoning_details` (docs/mock-provider.md,
// "Provider quirks"), a statement about the server, as ai-sdk7-groq.mjs does for Groq's.
//
// The chat() call is examples/ts/tanstack-chat.mjs's, handed this directory's @tanstack/ai.
import { chat, maxIterations } from '@tanstack/ai'
import { createOpenRouterText } from '@tanstack/ai-openrouter'
import { HTTPClient } from '@openrouter/sdk'
import { runTanstackChat } from '../ts/tanstack-chat.mjs'

// What chat() + OpenRouterTextAdapter do, declared from the package's dist before any run (findings in
// docs/findings-tanstack-ai-openrouter.md). Line numbers are @tanstack/ai-openrouter 0.19.6
// dist/esm/adapters/text.js.
const CAPABILITIES = {
  name: 'tanstack-ai-openrouter',
  inputs: ['openai-chat'],
  output: 'tanstack',
  // The server @openrouter/sdk is written for: the mock sends every in-band error as OpenRouter's error chunk and
  // every HTTP error with OpenRouter's body, and runs no in-band error OpenRouter never streams (mock_provider/servers.py).
  server: 'openrouter',
  // tools: function tools (tools/tool-converter.js); parallel_tools: calls kept per `index` (:588-623);
  // reasoning: `delta.reasoningDetails` reasoning.text / reasoning.summary (:503-538, :929-941); abort: chat()'s
  // abortController signal reaches the SDK call as `options.request.signal` (:69-80; @tanstack/ai 0.52.3
  // activities/chat/index.js:207); structured_output: structuredOutputStream (:181); server_tools: chat()'s loop.
  // No 'multimodal': a PDF (document) given as data throws before any request (:894, "does not support inline
  // (data) document content parts. Use the Responses adapter").
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'server_tools'],
  policies: {
    malformed_args: 'empty-object', // :628-641 unparsable arguments -> input {} (logged)
    missing_usage: 'omit', // usage.js buildOpenRouterUsage: no usage object -> no usage field
    in_stream_error: 'fatal', // :486 a chunk with `error` is thrown -> RUN_ERROR (:740-758)
    abort: 'silent',
    unknown_finish: 'stop', // :725 any finish_reason but length/content_filter/error/tool_calls -> 'stop'
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
  // The case's model id is not in OPENROUTER_COMBINED_TOOLS_AND_SCHEMA_MODELS, so chat() makes a final
  // structuredOutputStream call (@tanstack/ai 0.52.3 activities/chat/index.js:1667), which always asks for
  // native `responseFormat: json_schema` (:432-442 resolveStructuredResponseFormat).
  structured_modes: ['native'],
  // No retries: the SDK retries 5XX by default with backoff bounded only by time (esm/funcs/chatSend.js:46-59,
  // maxElapsedTime one hour); a scripted 500 is the case itself, as every TanStack harness sets it
  // (maxRetries: 0), so retryConfig is 'none' below and 'retries' is not declared.
  max_retries: 0,
}

// The case's headers (its scope, and the reasoning field OpenRouter streams) on every request: the SDK has no
// default-headers option, its HTTPClient's beforeRequest hook is the documented way (esm/lib/http.d.ts).
function httpClient(headers) {
  const client = new HTTPClient()
  client.addHook('beforeRequest', (req) => {
    for (const [name, value] of Object.entries(headers)) req.headers.set(name, value)
    return req
  })
  return client
}

runTanstackChat({
  capabilities: CAPABILITIES,
  ai: { chat, maxIterations },
  // c.baseURL is the mock server's /v1; the SDK appends /chat/completions (chatSend.js:25).
  adapter: (c) => createOpenRouterText(c.modelId, 'sk-or-conformance', {
    serverURL: c.baseURL,
    httpClient: httpClient({ ...c.headers, 'X-Mock-Reasoning': 'reasoning_details' }),
    retryConfig: { strategy: 'none' },
  }),
})
