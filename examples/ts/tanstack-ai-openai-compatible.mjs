#!/usr/bin/env node
// TanStack AI's chat() over its generic OpenAI-compatible adapter: `openaiCompatibleText` of
// `@tanstack/ai-openai/compatible` (0.23.1 dist/esm/compatible/index.js), whose default `api` is
// 'chat-completions', an `OpenAICompatibleChatAdapter` (dist/esm/compatible/adapter.js). It shares the Chat
// Completions base of tanstack-ai-openai.mjs's `createOpenaiChatCompletions` (@tanstack/openai-base 0.10.15
// OpenAIBaseChatCompletionsTextAdapter) and adds what that one lacks: the `extractReasoning` hook, which reads
// DeepSeek's `delta.reasoning_content` or a gateway's `delta.reasoning` (compatible/adapter.js,
// called at openai-base dist/esm/adapters/chat-completions-text.js:279), so this configuration declares
// reasoning; the client is built from the caller's options (`new OpenAI(clientOptions)`).
// Behind the sac-harness/1 stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-openai-compatible.mjs" --dialect=openai-chat
//
// The chat() call is tanstack-chat.mjs's (shared with the other TanStack harnesses).
import { openaiCompatibleText } from '@tanstack/ai-openai/compatible'
import { runTanstackChat } from './tanstack-chat.mjs'

// What chat() + the compatible chat adapter do, declared so the suite grades against it: the policies
// are the Chat Completions base's, as tanstack-ai-openai.mjs declares them (docs/adapters.md "POLICY
// choices"); `reasoning` is the compatible adapter's own hook.
const CAPABILITIES = {
  name: 'tanstack-ai-openai-compatible',
  inputs: ['openai-chat'],
  output: 'tanstack',
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'server_tools'],
  policies: {
    malformed_args: 'empty-object', // openai-base: unparsable arguments -> input {} (logged)
    missing_usage: 'omit',
    in_stream_error: 'fatal',
    abort: 'silent',
    unknown_finish: 'stop', // openai-base: a missing finish_reason -> 'stop'
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
  // chat() with an outputSchema asks for native response_format json_schema (openai-base
  // chat-completions-text.js:194 structuredOutputStream): no forced-tool or instruction fallback.
  structured_modes: ['native'],
}

runTanstackChat({
  capabilities: CAPABILITIES,
  adapter: (c) => openaiCompatibleText(c.modelId, {
    name: 'mock',
    baseURL: c.baseURL,
    apiKey: 'sk-conformance',
    defaultHeaders: c.headers,
    maxRetries: 0, // a scripted 429/500 is the case itself, not something to retry
  }),
})
