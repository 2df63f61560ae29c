// ai-sdk-reused-tool-index.mjs's defect on ai 7.0.173 + @ai-sdk/fireworks 3.0.62: two calls that both say
// `index: 0` (the input breaks the index contract; graded on robustness): @ai-sdk/provider-utils 5.0.51 (the
// provider's own copy, which its @ai-sdk/openai-compatible 3.0.59 chat model streams tool calls through)
// dist/index.js:4350-4351 drops each argument continuation on an 'ambiguous' resolution, and file_write is
// handed over with input {}. Pinned in tests/data/ai-sdk7-fireworks.verdicts.json (quirks.tool-index-reused.002,
// row robust.invented-input).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-fireworks-reused-tool-index.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai7', provider: '@ai-sdk/fireworks',
  model: ({ createFireworks }, baseURL) => createFireworks({ baseURL, apiKey: 'x' })('accounts/fireworks/models/kimi-k2p6') }
await import('./ai-sdk-reused-tool-index.mjs')
