// ai-sdk-disconnect.mjs's defect (ai 7.0.173 dist/index.js:8002: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on ai 7 + @ai-sdk/deepinfra
// 3.0.57 (its chat model is a DeepInfraChatLanguageModel, a subclass of its own @ai-sdk/openai-compatible 3.0.57's
// chat model whose re-wrapped part stream passes the read error on, over the same Chat Completions stream cut
// mid-message; this server answers any path, DeepInfra's /openai/chat/completions included). Pinned in
// tests/data/ai-sdk7-deepinfra.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-deepinfra-disconnect.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai7', provider: '@ai-sdk/deepinfra',
  model: ({ createDeepInfra }, baseURL) => createDeepInfra({ baseURL, apiKey: 'x' })('deepseek-ai/DeepSeek-V3') }
await import('./ai-sdk-disconnect.mjs')
