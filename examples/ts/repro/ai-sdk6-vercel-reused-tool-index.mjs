// ai-sdk-reused-tool-index.mjs's input on ai 6.0.326 + @ai-sdk/vercel 2.0.78: two calls that both say `index: 0`
// (the input breaks the index contract; graded on robustness). The v0 chat model of the package's own
// @ai-sdk/openai-compatible 2.0.76 (the older per-index code, before the StreamingToolCallTracker) finds index 0
// taken and appends every later delta for it to the first call, its id and name unread (dist/index.mjs:865-876):
// list_files is handed over with {"path":"world.py"}, the arguments the model sent for file_write, and file_write is
// lost. Pinned in tests/data/ai-sdk6-vercel.verdicts.json (quirks.tool-index-reused.002, row robust.invented-input).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-vercel-reused-tool-index.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai', provider: '@ai-sdk/vercel',
  model: ({ createVercel }, baseURL) => createVercel({ baseURL, apiKey: 'x' })('v0-1.5-md') }
await import('./ai-sdk-reused-tool-index.mjs')
