// ai-sdk-reused-tool-index.mjs's input on ai 5.0.277 + @ai-sdk/groq 2.0.56 (npm alias ai5-groq): two calls that both
// say `index: 0` (the input breaks the index contract; graded on robustness). The provider's own per-index code (the
// same as 3.0.71's, ai-sdk6-groq-reused-tool-index.mjs) finds index 0 taken and appends every later delta for it to
// the first call, its id and name unread (dist/index.mjs:620-645): list_files is handed over with
// {"path":"world.py"}, the arguments the model sent for file_write, and file_write is lost. Pinned in
// tests/data/ai-sdk5-groq.verdicts.json (quirks.tool-index-reused.002, row robust.invented-input).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-groq-reused-tool-index.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai5', provider: 'ai5-groq',
  model: ({ createGroq }, baseURL) => createGroq({ baseURL, apiKey: 'x' })('qwen/qwen3-32b') }
await import('./ai-sdk-reused-tool-index.mjs')
