// ai-sdk-anthropic-open-blocks.mjs's defect on ai 7's agent route: a ToolLoopAgent on @ai-sdk/anthropic 4.0.105
// answered by createAgentUIStreamResponse. The provider closes a text or thinking block only at that block's own
// `content_block_stop` (dist/index.js:5789); neither `message_stop` (:6044) nor flush() (:6132) closes one still open,
// so the UI message the route's stream builds keeps the part 'streaming' after the finish. Pinned in
// tests/data/ai-sdk7-agent-anthropic.verdicts.json (finish.missing.001 row 8.1.5, finish.missing.003 and
// reasoning.unclosed.001 row 8.1.8).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-agent-anthropic-open-blocks.mjs
// Prints the chunk types and the parts' states readUIMessageStream ends with; exits 1 while the defect is present.
import { ToolLoopAgent, createAgentUIStreamResponse, readUIMessageStream } from 'ai7'
import { createAnthropic } from '@ai-sdk/anthropic'
import { agentRoute } from './agent-route.mjs'
import { reproduce } from './anthropic-open-blocks.mjs'

process.exit(await reproduce({ readUIMessageStream, streamText: agentRoute({ ToolLoopAgent, createAgentUIStreamResponse }),
  provider: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' }) }))
