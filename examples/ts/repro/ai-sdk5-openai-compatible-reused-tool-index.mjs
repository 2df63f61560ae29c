// ai-sdk-reused-tool-index.mjs's defect (D-reused-index) on ai 5 over ai 5's own @ai-sdk/openai-compatible 1.0.61 (npm
// alias ai5-openai-compatible), whose own @ai-sdk/provider-utils 3.0.44 StreamingToolCallTracker drops the deltas it
// finds ambiguous (processDelta returns on an 'ambiguous' resolution, dist/index.mjs:3027-3029) and then finishes
// file_write with {}. Pinned in tests/data/ai-sdk5-openai-compatible.verdicts.json (quirks.tool-index-reused.002,
// row robust.invented-input).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-compatible-reused-tool-index.mjs
// Prints the call chunks; exits 1 while the defect is present (0 once file_write gets {"path":"world.py"}).
globalThis.SAC_REPRO = { ai: 'ai5', provider: 'ai5-openai-compatible' }
await import('./ai-sdk-reused-tool-index.mjs')
