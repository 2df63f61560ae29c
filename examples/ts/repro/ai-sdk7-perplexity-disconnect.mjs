// ai-sdk-disconnect.mjs's defect (ai 7.0.173 dist/index.js:8002: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on ai 7 + @ai-sdk/perplexity
// (the provider's language model over the same Chat Completions stream, cut mid-message). Pinned in
// tests/data/ai-sdk7-perplexity.verdicts.json (fault.disconnect.001 row 8.1.17).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-perplexity-disconnect.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai7', provider: '@ai-sdk/perplexity',
  model: ({ createPerplexity }, baseURL) => createPerplexity({ baseURL, apiKey: 'x' })('sonar') }
await import('./ai-sdk-disconnect.mjs')
