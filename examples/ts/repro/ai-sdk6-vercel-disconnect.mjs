// ai-sdk-disconnect.mjs's defect (ai 6.0.326 dist/index.mjs:9050: toUIMessageStream's trackFatalFailures catches
// the read error and calls controller.error(error) instead of sending an `error` chunk) on ai 6 + @ai-sdk/vercel
// 2.0.78 (its v0 chat model is an OpenAICompatibleChatLanguageModel of its own @ai-sdk/openai-compatible 2.0.76,
// over the same Chat Completions stream cut mid-message). Pinned in tests/data/ai-sdk6-vercel.verdicts.json
// (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-vercel-disconnect.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai', provider: '@ai-sdk/vercel',
  model: ({ createVercel }, baseURL) => createVercel({ baseURL, apiKey: 'x' })('v0-1.5-md') }
await import('./ai-sdk-disconnect.mjs')
