// Reproducer of a defect pinned in tests/data/ag-ui-mastra-chunks.verdicts.json: a tool that threw
// (Mastra's tool-error chunk) gets no TOOL_CALL_RESULT, so the client shows the call running forever.
// Source: @ag-ui/mastra 1.1.2 dist/mastra-DyFXlChI.mjs:2 (`case 'tool-error'` only updates a background
// task's activity; a foreground call's error is dropped). Run: node examples/ts-mastra/repro/tool-error-dropped.mjs
// (exit 1: no result for the call).
import { collect, mc, say } from './_chunks.mjs';

const { events } = await collect([
  mc('tool-call', { toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Atlantis' } }),
  mc('tool-error', { toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Atlantis' },
    error: new Error('City not found: Atlantis') }),
  mc('text-delta', { id: '1', text: 'I could not find it.' }),
  mc('finish', { stepResult: { reason: 'stop' }, output: { usage: {} }, metadata: {}, messages: { all: [], user: [], nonUser: [] } }),
]);
const results = events.filter((e) => e.type === 'TOOL_CALL_RESULT' && e.toolCallId === 'c1');
say('tool-error for c1 ->', results.length, 'TOOL_CALL_RESULT; events:', events.map((e) => e.type).join(' '));
process.exit(results.length === 1 ? 0 : 1);
