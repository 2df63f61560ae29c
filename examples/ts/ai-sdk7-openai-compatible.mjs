#!/usr/bin/env node
// The AI SDK harness on `ai` 7 (npm `latest`): `streamText` over `@ai-sdk/openai-compatible` 3
// (a V4 provider) against the mock server's Chat Completions endpoint, emitting ai 7's UI message
// stream, output protocol `ui-message-stream@7`. The code is ai-sdk-openai-compatible.mjs's; only
// the packages (npm aliases `ai7`, `ai-sdk-openai-compatible3` in package.json) and the declared
// output differ. `ai` 7 declares node >= 22; it runs on Node 20 (npm warns EBADENGINE at install).
//
//   pytest --adapter-cmd "node examples/ts/ai-sdk7-openai-compatible.mjs" --dialect=openai-chat
globalThis.SAC_AISDK = {
  ai: 'ai7',
  provider: 'ai-sdk-openai-compatible3',
  name: 'ai-sdk7-openai-compatible',
  output: 'ui-message-stream@7',
};
await import('./ai-sdk-openai-compatible.mjs');
