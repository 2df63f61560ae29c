// ai-sdk-reused-tool-index.mjs's input on ai 6.0.326 + @ai-sdk/groq 3.0.71 (npm alias ai6-groq): two calls that both
// say `index: 0` (the input breaks the index contract; graded on robustness). The provider's own per-index code (it
// has no StreamingToolCallTracker) finds index 0 taken and appends every later delta for it to the first call, its id
// and name unread (dist/index.mjs:681-692): list_files is handed over with {"path":"world.py"}, the arguments the
// model sent for file_write, and file_write is lost. Pinned in tests/data/ai-sdk6-groq.verdicts.json
// (quirks.tool-index-reused.002, row robust.invented-input).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-groq-reused-tool-index.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai', provider: 'ai6-groq',
  model: ({ createGroq }, baseURL) => createGroq({ baseURL, apiKey: 'x' })('qwen/qwen3-32b') }
await import('./ai-sdk-reused-tool-index.mjs')
