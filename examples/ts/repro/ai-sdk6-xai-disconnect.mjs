// ai-sdk-disconnect.mjs's defect (ai 6.0.326 dist/index.mjs:9050: toUIMessageStream's trackFatalFailures catches
// the read error and calls controller.error(error) instead of sending an `error` chunk) on ai 6 + @ai-sdk/xai
// 3.0.99 (npm alias ai6-xai; its default chat model over the same Chat Completions stream cut mid-message). Pinned in
// tests/data/ai-sdk6-xai.verdicts.json (fault.disconnect.001 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-xai-disconnect.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai', provider: 'ai6-xai',
  model: ({ createXai }, baseURL) => createXai({ baseURL, apiKey: 'x' })('grok-4') }
await import('./ai-sdk-disconnect.mjs')
