// Reproducer of a @tanstack/ai-anthropic 0.18.11 defect (tests/data/tanstack-ai-anthropic.verdicts.json,
// tool.server-results.001, row 8.1.12, D-server-call-dropped): a provider-executed call is surfaced only
// when a web_search_tool_result or web_fetch_tool_result block arrives for it (dist/esm/adapters/text.js:515);
// a tool search (server_tool_use tool_search_tool_regex + tool_search_tool_result) is never emitted at all,
// so the client never shows that the model called it.
// Run: node examples/ts/repro/tanstack-anthropic-tool-search-dropped.mjs (exits 1 while present).
import { end, runAnthropic, start, textBlock, types } from './tanstack-anthropic-lib.mjs'

const events = await runAnthropic([start(),
  { type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 'srvtoolu_ts', name: 'tool_search_tool_regex', input: {} } },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"pattern":"weather"}' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'tool_search_tool_result', tool_use_id: 'srvtoolu_ts',
    content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'get_weather' }] } } },
  { type: 'content_block_stop', index: 1 },
  ...textBlock(2, 'Found it.'), ...end('end_turn')])
console.log(types(events))
process.exit(events.some((e) => e.type === 'TOOL_CALL_START' && e.toolCallId === 'srvtoolu_ts') ? 0 : 1)
