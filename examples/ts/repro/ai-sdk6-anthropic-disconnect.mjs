// ai-sdk-disconnect.mjs's defect (ai 6.0.326 dist/index.mjs:9050: toUIMessageStream's pull() catches the
// read error and calls controller.error(error) instead of sending an `error` chunk) on the Anthropic
// Messages wire: @ai-sdk/anthropic 3.0.140 (ai 6's own generation, npm alias ai6-anthropic) reports the dropped connection as AI_APICallError 'Failed
// to process successful response', and the UI message stream errors with it. Pinned in
// tests/data/ai-sdk6-anthropic.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-anthropic-disconnect.mjs
// Prints what the stream ended with; exits 1 while the defect is present (0 once an `error` chunk ends it).
import { streamText } from 'ai'
import { createAnthropic } from 'ai6-anthropic'
import { reproduce } from './anthropic-disconnect.mjs'

process.exit(await reproduce({ streamText, provider: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' }) }))
