// Reproducer of a defect pinned in tests/data/ag-ui-mastra-chunks.verdicts.json: a streamed client tool
// call is ended (TOOL_CALL_END) on tool-call-input-streaming-end, before the tool-call chunk with the
// input Mastra parsed and repaired; a client that runs tools on END runs it with the streamed text.
// Source: @ag-ui/mastra 1.1.2 dist/mastra-DyFXlChI.mjs:2 (`case 'tool-call-input-streaming-end'` ends the
// call). Run: node examples/ts-mastra/repro/streamed-call-ended-early.mjs (exit 1: END came before the tool-call).
import { collect, mc, say } from './_chunks.mjs';

// The streamed text is broken; Mastra's repaired tool-call carries the input the tool gets.
const chunks = [
  mc('tool-call-input-streaming-start', { toolCallId: 'c1', toolName: 'book_trip' }),
  mc('tool-call-delta', { toolCallId: 'c1', argsTextDelta: '{"city":"Nice"' }),
  mc('tool-call-input-streaming-end', { toolCallId: 'c1' }),
  mc('tool-call', { toolCallId: 'c1', toolName: 'book_trip', args: { city: 'Nice' } }),
  mc('finish', { stepResult: { reason: 'tool-calls' }, output: { usage: {} }, metadata: {}, messages: { all: [], user: [], nonUser: [] } }),
];
const seen = [];
const tracked = (async function* () { for (const c of chunks) { seen.push(c.type); yield c; } })();
const { events } = await collect(tracked, [{ name: 'book_trip', description: '', parameters: { type: 'object' } }]);
const end = events.find((e) => e.type === 'TOOL_CALL_END' && e.toolCallId === 'c1');
const args = events.filter((e) => e.type === 'TOOL_CALL_ARGS' && e.toolCallId === 'c1').map((e) => e.delta).join('');
say('TOOL_CALL_END for c1 with arguments', JSON.stringify(args), '(the tool-call chunk says {"city":"Nice"})');
process.exit(end && args === '{"city":"Nice"}' ? 0 : 1);
