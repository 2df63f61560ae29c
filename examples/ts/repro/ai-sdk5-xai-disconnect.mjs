// ai-sdk-disconnect.mjs's defect (D-disconnect) on ai 5 over ai 5's own @ai-sdk/xai 2.0.95 (npm alias ai5-xai):
// ai 5.0.277's toUIMessageStream (dist/index.mjs:5974, its pull() catches the read error and calls
// controller.error(error) instead of sending an `error` chunk) gets the provider's AI_APICallError 'Failed to process
// successful response'. Pinned in tests/data/ai-sdk5-xai.verdicts.json (fault.disconnect.001 row 8.1.17,
// loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-xai-disconnect.mjs
// Prints what the stream ended with; exits 1 while the defect is present (0 once an `error` chunk ends it).
globalThis.SAC_REPRO = { ai: 'ai5', provider: 'ai5-xai',
  model: ({ createXai }, baseURL) => createXai({ baseURL, apiKey: 'x' })('grok-4') }
await import('./ai-sdk-disconnect.mjs')
