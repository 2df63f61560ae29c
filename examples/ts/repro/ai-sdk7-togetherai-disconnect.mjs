// ai-sdk-disconnect.mjs's defect (ai 7.0.173 dist/index.js:8002: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on ai 7 + @ai-sdk/togetherai
// 3.0.54 (its chat model is an OpenAICompatibleChatLanguageModel of its own @ai-sdk/openai-compatible 3.0.53, over
// the same Chat Completions stream cut mid-message). Pinned in tests/data/ai-sdk7-togetherai.verdicts.json
// (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-togetherai-disconnect.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai7', provider: '@ai-sdk/togetherai',
  model: ({ createTogetherAI }, baseURL) => createTogetherAI({ baseURL, apiKey: 'x' })('moonshotai/Kimi-K2.5') }
await import('./ai-sdk-disconnect.mjs')
