// ai-sdk-disconnect.mjs's defect in ai 5 (ai 5.0.277 dist/index.mjs:5974: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on the Anthropic Messages
// wire: @ai-sdk/anthropic 2.0.112 (ai 5's own generation, npm alias ai5-anthropic) reports the dropped connection
// as AI_APICallError 'Failed to process successful response', and the UI message stream errors with it. Pinned in
// tests/data/ai-sdk5-anthropic.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-anthropic-disconnect.mjs
// Prints what the stream ended with; exits 1 while the defect is present (0 once an `error` chunk ends it).
import { streamText } from 'ai5'
import { createAnthropic } from 'ai5-anthropic'
import { reproduce } from './anthropic-disconnect.mjs'

process.exit(await reproduce({ streamText, provider: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' }) }))
