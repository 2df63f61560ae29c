// Reproducer (outside the suite) of a defect pinned in tests/data/tanstack-ai-openrouter.verdicts.json
// (ids.reuse.002, row 8.4.2): reasoning that resumes after the text started (reasoning, text, reasoning, text, as
// an interleaving reasoner streams it in OpenRouter's `delta.reasoning_details`). @tanstack/ai-openrouter 0.19.6
// dist/esm/adapters/text.js:505 opens a reasoning message only while none was ever opened; the first text closes
// it (:545-567) but keeps its id, so the later reasoning is sent as REASONING_MESSAGE_CONTENT for a message already
// ended (:531-537), which @ag-ui/client's verifyEvents rejects (the same defect as the OpenAI-compatible and Gemini
// adapters' D-reasoning-after-close).
// Prints the reasoning events; exits 1 while the defect is present (0 once no content follows its message's end).
import { chunk, run } from './_lib.mjs'

const thought = (text) => ({ reasoning: text, reasoning_details: [{ type: 'reasoning.text', text, index: 0 }] })
const { chunks } = await run({ turns: [[chunk({ role: 'assistant', ...thought('Part one first.') }),
  chunk({ content: 'Part one.' }), chunk(thought(' Now part two.')), chunk({ content: ' Part two.' }), chunk({}, 'stop')]] })
const ended = new Set()
let contentAfterEnd = false
for (const c of chunks.filter((x) => x.type.startsWith('REASONING_MESSAGE'))) {
  console.log(c.type, c.messageId, c.delta ?? '')
  if (c.type === 'REASONING_MESSAGE_END') ended.add(c.messageId)
  if (c.type === 'REASONING_MESSAGE_CONTENT' && ended.has(c.messageId)) contentAfterEnd = true
}
process.exit(contentAfterEnd ? 1 : 0)
