#!/usr/bin/env node
// TanStack AI's chat() with @tanstack/ai-mistral 0.6.7's text adapter, `createMistralText` (a `MistralTextAdapter`,
// dist/esm/adapters/text.js), against the mock server's Chat Completions route, behind the sac-harness/1 stdio
// protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-mistral.mjs" --conformance-dialect=openai-chat
//
// Which wire: the adapter builds a @mistralai/mistralai 2.2.0 client (`new Mistral({apiKey, serverURL})`,
// dist/esm/utils/client.js), but streams past it: chatStream() POSTs with its own `fetch` to
// `${serverURL without a trailing /v1}/v1/chat/completions` and reads the SSE itself (text.js:417-473,
// "bypassing the SDK's Zod validation"). Only the structured-output call goes through the SDK,
// `client.chat.complete` (text.js:87), which posts to `${serverURL}/v1/chat/completions`
// (@mistralai/mistralai esm/funcs/chatComplete.js:27). So `serverURL`, the SDK's documented base URL (its
// default is https://api.mistral.ai, with no /v1), is the mock server's root, and both calls reach
// /v1/chat/completions.
//
// Mistral's server streams reasoning as `thinking` content chunks inside `delta.content`, which the adapter
// reads (text.js:504-523 extractDeltaParts; it also reads `delta.reasoning_content`, text.js:150): the harness
// asks the mock for Mistral's own form with `X-Mock-Reasoning: thinking-chunks`, as ai-sdk7-mistral.mjs does.
//
// The chat() call is tanstack-chat.mjs's (shared with the other TanStack harnesses).
import { createMistralText } from '@tanstack/ai-mistral'
import { runTanstackChat } from './tanstack-chat.mjs'

// What chat() + MistralTextAdapter do, declared from the package's dist before any run (findings in
// docs/findings-tanstack-ai-mistral.md). Line numbers are @tanstack/ai-mistral 0.6.7 dist/esm/adapters/text.js.
const CAPABILITIES = {
  name: 'tanstack-ai-mistral',
  inputs: ['openai-chat'],
  output: 'tanstack',
  // The server the package is written for (Mistral's API, through its own SDK's types and its own SSE reader):
  // the kit runs none of another server's habits against it (OpenAI's delta.refusal, a late call id, OpenRouter's
  // error chunk, a content_filter finish Mistral does not have), and the mock answers in Mistral's shapes
  // (docs/adapters.md: a client written for one server declares it; mock_provider/servers.py).
  server: 'mistral',
  // tools: function tools (tools/function-tool.js); parallel_tools: calls kept per `index` (:214-257);
  // reasoning: thinking chunks and reasoning_content -> REASONING_* (:149-192); structured_output: the
  // adapter's structuredOutput() (:83-116), which chat() calls through its fallback stream; multimodal: image
  // and document parts become Mistral's image_url / document_url chunks (:600-625; audio and video throw);
  // abort: chat() takes an abortController (@tanstack/ai 0.58.0 activities/chat/index.js:208) and stops
  // reading; whether the upstream request ends with it is what the suite measures. server_tools: chat()'s loop.
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'multimodal', 'server_tools'],
  policies: {
    // Neither published choice: unparsable arguments throw (:16-25, at :262 or :341) and the run ends in
    // RUN_ERROR (:65-77). Left at the default ('raw'), the recommended one; the first run shows what the
    // suite makes of it.
    malformed_args: 'raw',
    missing_usage: 'omit', // :309 no usage on the finish chunk -> usage undefined
    in_stream_error: 'fatal', // :461-465 a chunk with `error` is thrown -> RUN_ERROR (:65-77)
    abort: 'silent',
    unknown_finish: 'stop', // :275 any finish_reason but tool_calls/length -> 'stop'
    preliminary_results: 'drop',
  },
  // :316-363 a stream that ends with no finish_reason closes what is open and finishes 'stop' (or 'tool_calls').
  // Not declared: 'stop' is the tanstack protocol's default.
  reports_finish_reason: true,
  // chat() with an outputSchema: the adapter has no structuredOutputStream, so chat() runs
  // fallbackStructuredOutputStream (@tanstack/ai 0.58.0 activities/chat/index.js:1685, :2494), which awaits
  // structuredOutput(): one non-streaming request with responseFormat {type: 'json_schema'} (:87-97). Native only.
  structured_modes: ['native'],
  // No retries anywhere: the stream is a bare fetch (:426), and the SDK's chat.complete uses retryConfig
  // {strategy: 'none'} unless one is configured (@mistralai/mistralai esm/funcs/chatComplete.js:42-44).
  max_retries: 0,
}

runTanstackChat({
  capabilities: CAPABILITIES,
  // c.upstream.base_url is the mock's root; the adapter and the SDK append /v1/chat/completions. defaultHeaders
  // reach the raw fetch (:421-425) and the SDK's requests (a beforeRequest hook, utils/client.js).
  adapter: (c) => createMistralText(c.modelId, 'conformance', {
    serverURL: c.upstream.base_url,
    defaultHeaders: { ...c.headers, 'X-Mock-Reasoning': 'thinking-chunks' },
  }),
})
