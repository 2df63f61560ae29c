// Reproducer of a @tanstack/ai-anthropic 0.18.11 defect (tests/data/tanstack-ai-anthropic.verdicts.json,
// finish.missing.001-.004 and fault.raw-bytes.001, rows 8.1.19 / 8.1.17, D-no-terminal): when the stream
// ends before message_delta.stop_reason / message_stop, processAnthropicStream's loop just ends
// (dist/esm/adapters/text.js:826): neither RUN_FINISHED nor RUN_ERROR, the text message stays open and the
// run never ends for the client. (An event-less `data:` frame, fault.raw-bytes.001's, is dropped by
// @anthropic-ai/sdk 0.97.1 core/streaming.js:44, which parses named events only; the stream then ends the same way.)
// Run: node examples/ts/repro/tanstack-anthropic-no-terminal.mjs (exits 1 while present).
import { runAnthropic, start, types } from './tanstack-anthropic-lib.mjs'

const events = await runAnthropic([start(),
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Honey never spoils.' } }])
console.log(types(events))
process.exit(events.some((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR') ? 0 : 1)
