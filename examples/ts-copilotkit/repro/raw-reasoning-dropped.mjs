// Reproducer (outside the suite) of D-raw-reasoning, pinned in tests/data/copilotkit-runtime.verdicts.json
// (reasoning.raw-text.001, row 8.1.7): a Responses stream carrying the model's raw reasoning
// (response.reasoning_text.delta / .done) gives the CopilotKit client an empty reasoning message. The event is
// not among the chunk types @ai-sdk/openai 3.0.141 parses (dist/index.mjs:4940-4962), the provider the runtime's
// `openai/<model>` string builds; the same gap is pinned for ai 6 (examples/ts/repro/ai-sdk6-openai-raw-reasoning.mjs).
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/raw-reasoning-dropped.mjs
// Prints the event types; exits 1 while the defect is present (0 once a REASONING_MESSAGE_CONTENT carries it).
import { agentOn, completed, created, frame, messageDone, messageItem, runtimeEvents, say, serve,
  textDelta } from './_runtime.mjs';

const reasoning = { id: 'rs_1', type: 'reasoning', summary: [] };
const body = created()
  + frame({ type: 'response.output_item.added', output_index: 0, item: reasoning, sequence_number: 90 })
  + frame({ type: 'response.reasoning_text.delta', item_id: 'rs_1', output_index: 0, content_index: 0,
    delta: 'Think first.', sequence_number: 91 })
  + frame({ type: 'response.reasoning_text.done', item_id: 'rs_1', output_index: 0, content_index: 0,
    text: 'Think first.', sequence_number: 92 })
  + frame({ type: 'response.output_item.done', output_index: 0, sequence_number: 93,
    item: { ...reasoning, content: [{ type: 'reasoning_text', text: 'Think first.' }] } })
  + messageItem('msg_1', 1) + textDelta('msg_1', 'Hi.', 1) + messageDone('msg_1', 'Hi.', 1) + completed();
const { server, url } = await serve([body]);
const sent = await runtimeEvents(agentOn(url));
server.close();
say(sent.map((e) => e.type).join(' '));
process.exit(sent.some((e) => e.type === 'REASONING_MESSAGE_CONTENT' && e.delta.includes('Think')) ? 0 : 1);
