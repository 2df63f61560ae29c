// Reproducer of a @tanstack/ai-anthropic 0.18.11 defect (tests/data/tanstack-ai-anthropic.verdicts.json,
// tool.interleave.001/.002, rows 8.1.10 / 8.1.12, D-tool-index): input_json_delta goes to the call at the
// adapter's own counter currentToolIndex (dist/esm/adapters/text.js:651), not to the block the event names
// (`index`, which @anthropic-ai/sdk 0.97.1's own accumulator uses): when two tool_use blocks' deltas
// interleave, one call gets both argument streams and the other none.
// Run: node examples/ts/repro/tanstack-anthropic-tool-index.mjs (exits 1 while present).
import { end, runAnthropic, start, toolArgs, toolStart, weatherTool } from './tanstack-anthropic-lib.mjs'

const events = await runAnthropic([start(), toolStart(0, 'toolu_A'), toolStart(1, 'toolu_B'),
  toolArgs(0, '{"city":'), toolArgs(1, '{"city":'), toolArgs(0, '"Paris"}'), toolArgs(1, '"Rome"}'),
  { type: 'content_block_stop', index: 0 }, { type: 'content_block_stop', index: 1 }, ...end('tool_use')],
{ tools: weatherTool })
const inputs = Object.fromEntries(events.filter((e) => e.type === 'TOOL_CALL_END').map((e) => [e.toolCallId, e.input]))
console.log(JSON.stringify(inputs))
process.exit(inputs.toolu_A?.city === 'Paris' && inputs.toolu_B?.city === 'Rome' ? 0 : 1)
