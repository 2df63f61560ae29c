// ai-sdk-schema-unsent.mjs on ai 6.0.326 + @ai-sdk/vercel 2.0.78: createVercel's chat model is an
// OpenAICompatibleChatLanguageModel of its own @ai-sdk/openai-compatible 2.0.76 without supportsStructuredOutputs
// (dist/index.js:60-64; the default is false), so it sends {type: 'json_object'} and the caller's schema nowhere
// (openai-compatible dist/index.js:502-508, :542), with an 'unsupported' warning. Pinned in
// tests/data/ai-sdk6-vercel.verdicts.json (structured.native.001, row structured.native).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-vercel-schema-unsent.mjs (exits 1 while the defect is present).
globalThis.SAC_REPRO = { ai: 'ai', provider: '@ai-sdk/vercel',
  model: ({ createVercel }, baseURL) => createVercel({ baseURL, apiKey: 'x' })('v0-1.5-md') }
await import('./ai-sdk-schema-unsent.mjs')
