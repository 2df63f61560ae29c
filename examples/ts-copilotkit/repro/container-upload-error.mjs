// Reproducer (outside the suite) of D-container-upload in the CopilotKit runtime, pinned in
// tests/data/copilotkit-runtime-anthropic.verdicts.json (parts.container-upload.001, row 8.1.16): an answer that
// opens with a `container_upload` block (a member of content_block_start's block in the anthropic 2.14.0 types)
// does not parse in the @ai-sdk/anthropic the runtime ships (3.0.140: the stream schema, dist/index.mjs:478, has no
// such member; the failed parse becomes an error part, :5441), so the CopilotKit client gets RUN_ERROR with the
// zod message and never the answer after the block. The same provider under plain ai 6 and ai 7:
// examples/ts/repro/ai-sdk-anthropic-container-upload.mjs.
// Run: npm ci --prefix examples/ts-copilotkit && node examples/ts-copilotkit/repro/container-upload-error.mjs
// Prints the event sequence; exits 1 while the defect is present (0 once the answer arrives without an error).
import { runtimeEvents, say, serve } from './_runtime.mjs';
import { anthropicAgentOn, blockStart, blockStop, messageEnd, messageStart, textDelta } from './_anthropic.mjs';

const body = messageStart() + blockStart(0, { type: 'container_upload', file_id: 'file_1' }) + blockStop(0)
  + blockStart(1, { type: 'text', text: '' }) + textDelta(1, 'The file is in the container.') + blockStop(1)
  + messageEnd();
const { server, url } = await serve([body]);
const sent = await runtimeEvents(anthropicAgentOn(url));
server.close();
say(sent.map((e) => (e.type === 'RUN_ERROR' ? `${e.type}(${JSON.stringify(e.message.slice(0, 120))})` : e.type))
  .join(' '));
const text = sent.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');
process.exit(!sent.some((e) => e.type === 'RUN_ERROR') && text === 'The file is in the container.' ? 0 : 1);
