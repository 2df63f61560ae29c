// Reproducer of D-text-tool-result in tests/data/voltagent-ui.verdicts.json (request.tool-history.001): a
// ModelMessage history (what agent.streamText takes) whose tool result is text, {type: 'text', value: '14:05'}
// (what ai's streamText stores for a string result). VoltAgent turns the history into UIMessages and back:
// normalizeToolOutputPayload (@voltagent/core 2.10.0 dist/index.mjs:28245) unwraps only 'json' results, so
// the text result's envelope becomes the output that ai's convertToModelMessages wraps again as json, and
// the model receives '{"type":"text","value":"14:05"}' instead of '14:05'.
// Exits 1 while the defect is present (0 once the model receives the text).
import { chunk, run } from './_lib.mjs'

const messages = [{ role: 'user', content: 'What time is it in Paris?' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_2', toolName: 'get_time', input: { tz: 'CET' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_2', toolName: 'get_time', output: { type: 'text', value: '14:05' } }] }]
const { requests } = await run({ turns: [[chunk({ role: 'assistant', content: 'It is 14:05.' }), chunk({}, 'stop')]], messages })
const sent = requests[0].messages.find((m) => m.role === 'tool')?.content
console.log(`the model received the tool result ${JSON.stringify(sent)} (the caller's: "14:05")`)
process.exit(sent === '14:05' ? 0 : 1)
