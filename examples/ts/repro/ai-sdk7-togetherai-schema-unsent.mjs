// ai-sdk-schema-unsent.mjs on ai 7.0.173 + @ai-sdk/togetherai 3.0.54: createTogetherAI sets
// supportsStructuredOutputs for one model id only (getModelStructuredOutputSupport, dist/index.js:326-328, :358:
// 'deepseek-ai/DeepSeek-V4-Flash-0731'), so for every other model its own @ai-sdk/openai-compatible 3.0.53 sends
// {type: 'json_object'} and the caller's schema nowhere (dist/index.js:549-556, :589), with an 'unsupported'
// warning. Pinned in tests/data/ai-sdk7-togetherai.verdicts.json (structured.native.001, row structured.native).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-togetherai-schema-unsent.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai7', provider: '@ai-sdk/togetherai',
  model: ({ createTogetherAI }, baseURL) => createTogetherAI({ baseURL, apiKey: 'x' })('moonshotai/Kimi-K2.5') }
await import('./ai-sdk-schema-unsent.mjs')
