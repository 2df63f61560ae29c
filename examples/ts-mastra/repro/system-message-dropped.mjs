// Reproducer of a defect pinned in tests/data/ag-ui-mastra.verdicts.json: a system message in
// RunAgentInput.messages is dropped without a warning when the AG-UI messages become Mastra messages.
// Source: @ag-ui/mastra 1.1.2 dist/mastra-DyFXlChI.mjs:2 (convertAGUIMessagesToMastra handles the
// assistant, user and tool roles only). Run: node examples/ts-mastra/repro/system-message-dropped.mjs (exit 1: present).
import { convertAGUIMessagesToMastra } from '@ag-ui/mastra';

const out = convertAGUIMessagesToMastra([
  { id: 's', role: 'system', content: 'You are a terse assistant.' },
  { id: 'u', role: 'user', content: 'Hi' },
]);
console.log('AG-UI [system, user] ->', JSON.stringify(out));
process.exit(out.some((m) => m.role === 'system') ? 0 : 1);
