// ai-sdk-disconnect.mjs's defect (ai 7.0.173 dist/index.js:8002: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on ai 7 + @ai-sdk/baseten
// 2.1.26 (its Model APIs chat model is an OpenAICompatibleChatLanguageModel of its own @ai-sdk/openai-compatible
// 3.0.48, over the same Chat Completions stream cut mid-message). Pinned in tests/data/ai-sdk7-baseten.verdicts.json
// (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-baseten-disconnect.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai7', provider: '@ai-sdk/baseten',
  model: ({ createBaseten }, baseURL) => createBaseten({ baseURL, apiKey: 'x' })('moonshotai/Kimi-K2-Instruct-0905') }
await import('./ai-sdk-disconnect.mjs')
