// ai-sdk-disconnect.mjs's defect (D-disconnect) on ai 5: ai 5.0.277's toUIMessageStream (dist/index.mjs:5974,
// its pull() catches the read error and calls controller.error(error) instead of sending an `error` chunk)
// under @ai-sdk/openai 2.0.131 (ai 5's own generation, npm alias ai5-openai), which reports the dropped
// connection as AI_APICallError 'Failed to process successful response'. Pinned in
// tests/data/ai-sdk5-openai.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21;
// the suite drops a Responses stream; this reproducer drops ai-sdk-disconnect.mjs's Chat Completions stream
// through the same provider's chat model: the error path is ai 5's, not the wire's).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-openai-disconnect.mjs
// Prints what the stream ended with; exits 1 while the defect is present (0 once an `error` chunk ends it).
globalThis.SAC_REPRO = {
  ai: 'ai5',
  provider: 'ai5-openai',
  model: ({ createOpenAI }, baseURL) => createOpenAI({ baseURL, apiKey: 'sk-x' }).chat('mock'),
}
await import('./ai-sdk-disconnect.mjs')
