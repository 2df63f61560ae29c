// ai-sdk-reused-tool-index.mjs on ai 7.0.173 + @ai-sdk/openai-compatible 3.0.92 (the npm aliases in
// examples/ts/package.json); the pin is tests/data/ai-sdk7-openai-compatible.verdicts.json.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-reused-tool-index.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai7', provider: 'ai-sdk-openai-compatible3' }
await import('./ai-sdk-reused-tool-index.mjs')
