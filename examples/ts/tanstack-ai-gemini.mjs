#!/usr/bin/env node
// TanStack AI's chat() with @tanstack/ai-gemini's `geminiText` (through @google/genai's
// generateContentStream: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`) against the
// mock server's Gemini route, behind the sac-harness/1 stdio protocol (docs/adapter-protocol.md):
//
//   pytest --adapter-cmd "node examples/ts/tanstack-ai-gemini.mjs" --dialect=gemini
//
// The chat() call is tanstack-chat.mjs's (shared with tanstack-ai-openai.mjs).
import { geminiText } from '@tanstack/ai-gemini'
import { runTanstackChat } from './tanstack-chat.mjs'

// geminiText reads its key from the environment (getGeminiApiKeyFromEnv); the mock ignores it.
process.env.GOOGLE_API_KEY ??= 'conformance'

// What chat() + geminiText do, declared so the suite grades against it
// (docs/adapters.md "POLICY choices"; findings in docs/findings-tanstack-ai-gemini.md).
const CAPABILITIES = {
  name: 'tanstack-ai-gemini',
  inputs: ['gemini'],
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
  // chat() with an outputSchema always asks Gemini for native responseMimeType 'application/json' +
  // responseSchema (@tanstack/ai-gemini 0.32.0 dist/esm/adapters/text.js:249 structuredOutputStream, :265-266):
  // no forced-tool or instruction fallback to grade.
  structured_modes: ['native'],
}

runTanstackChat({
  capabilities: CAPABILITIES,
  // @google/genai puts the API version after the base URL itself (`{baseUrl}/v1beta/models/...`), and
  // retries only when httpOptions.retryOptions is given (@google/genai 2.32.0 dist/node/index.mjs:14084).
  adapter: (c) => geminiText(c.modelId, { baseURL: c.upstream.base_url, defaultHeaders: c.headers }),
})
