#!/usr/bin/env node
// TanStack AI's chat() with @tanstack/ai-anthropic's `anthropicText` (through @anthropic-ai/sdk's
// beta.messages.create: `POST /v1/messages`, stream: true) against the mock server's Anthropic route,
// behind the sac-harness/1 stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-anthropic.mjs" --dialect=anthropic
//
// The chat() call is tanstack-chat.mjs's (shared with tanstack-ai-openai.mjs and tanstack-ai-gemini.mjs).
import { anthropicText } from '@tanstack/ai-anthropic'
import { runTanstackChat } from './tanstack-chat.mjs'

// anthropicText reads its key from the environment (getAnthropicApiKeyFromEnv); the mock ignores it.
process.env.ANTHROPIC_API_KEY ??= 'conformance'

// What chat() + anthropicText do, declared from the package's source so the suite grades against it
// (docs/adapters.md "POLICY choices"; findings in docs/findings-tanstack-ai-anthropic.md).
// Line numbers are @tanstack/ai-anthropic 0.18.11 dist/esm/adapters/text.js.
const CAPABILITIES = {
  name: 'tanstack-ai-anthropic',
  inputs: ['anthropic'],
  output: 'tanstack',
  // provider_executed: a server_tool_use block and its web_search/web_fetch result become TOOL_CALL_START
  // (metadata.providerExecuted) + TOOL_CALL_END (text.js:510-561). Declared after the first run (see the
  // findings page): it was missing from the first declaration.
  features: ['tools', 'parallel_tools', 'reasoning', 'abort', 'structured_output', 'server_tools', 'provider_executed'],
  policies: {
    malformed_args: 'empty-object', // :706-712 an unparsable tool input -> input {}
    missing_usage: 'omit', // :757 message_stop without a stop_reason finishes with no usage
    in_stream_error: 'fatal', // :829 any stream error -> RUN_ERROR
    abort: 'silent',
    unknown_finish: 'stop', // :813 any other stop_reason -> finishReason 'stop'
    preliminary_results: 'drop',
  },
  reports_finish_reason: true,
  // The case's model id is not one of ANTHROPIC_COMBINED_TOOLS_AND_SCHEMA_MODELS (model-meta.js:487),
  // so chat() with an outputSchema falls back to adapter.structuredOutput() (@tanstack/ai 0.58.0
  // dist/esm/activities/chat/index.js:1685, :2518): a non-streaming request forcing a
  // `structured_output` tool (text.js:134-165). No native or instruction mode to grade.
  structured_modes: ['tool'],
}

runTanstackChat({
  capabilities: CAPABILITIES,
  // @anthropic-ai/sdk appends /v1/messages to its baseURL itself; a scripted 429/500 is the case
  // itself, not something to retry (the SDK retries twice by default).
  adapter: (c) => anthropicText(c.modelId, {
    baseURL: c.upstream.base_url,
    defaultHeaders: c.headers,
    maxRetries: 0,
  }),
})
