// ai-sdk7-anthropic-disconnect.mjs's defect on ai 7's agent route: a ToolLoopAgent on @ai-sdk/anthropic 4.0.105
// answered by createAgentUIStreamResponse. The dropped connection reaches ai 7 as AI_APICallError 'Failed to process
// successful response'; createAgentUIStream's toUIMessageStream (ai 7.0.173 dist/index.js:12446) catches the read
// error in pull() and calls controller.error(error) (:8002) instead of sending an `error` chunk, so the route's
// Response body errors: over HTTP the response is cut off and the client never gets the error text. Pinned in
// tests/data/ai-sdk7-agent-anthropic.verdicts.json (fault.disconnect.001/.002 row 8.1.17, loop.disconnect.001 row 8.1.21).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-agent-anthropic-disconnect.mjs
// Prints what the body ended with; exits 1 while the defect is present (0 once an `error` chunk ends it).
import { ToolLoopAgent, createAgentUIStreamResponse } from 'ai7'
import { createAnthropic } from '@ai-sdk/anthropic'
import { agentRoute } from './agent-route.mjs'
import { reproduce } from './anthropic-disconnect.mjs'

process.exit(await reproduce({ streamText: agentRoute({ ToolLoopAgent, createAgentUIStreamResponse }),
  provider: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' }) }))
