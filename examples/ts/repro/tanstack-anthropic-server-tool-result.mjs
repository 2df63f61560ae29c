// Reproducer of a @tanstack/ai-anthropic 0.18.11 defect (tests/data/tanstack-ai-anthropic.verdicts.json,
// tool.provider-executed.001/.003, row 8.1.14, D-server-tool-result): a provider-executed web search
// (server_tool_use + web_search_tool_result) becomes TOOL_CALL_START with the search results only inside
// metadata.anthropic.result, then TOOL_CALL_END (dist/esm/adapters/text.js:544-561): no TOOL_CALL_RESULT,
// the one event TanStack's StreamProcessor makes a tool-result part of (@tanstack/ai 0.58.0
// stream/processor.js:337), so the client never shows the search's output.
// Run: node examples/ts/repro/tanstack-anthropic-server-tool-result.mjs (exits 1 while present).
import { end, runAnthropic, start, textBlock, types } from './tanstack-anthropic-lib.mjs'

const events = await runAnthropic([start(),
  { type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} } },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"query":"Paris weather"}' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1',
    content: [{ type: 'web_search_result', url: 'https://example.com/w', title: 'Paris weather', encrypted_content: 'x', page_age: '1 hour' }] } },
  { type: 'content_block_stop', index: 1 },
  ...textBlock(2, 'It is sunny.'), ...end('end_turn')])
console.log(types(events))
process.exit(events.some((e) => e.type === 'TOOL_CALL_RESULT' && e.toolCallId === 'srvtoolu_1') ? 0 : 1)
