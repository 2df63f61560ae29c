// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (quirks.refusal.001: ERROR, the adapter raised): a Responses message whose content is a refusal part
// (the model declined) makes @openai/agents-core 0.18.0 throw ModelRefusalError when no error handler is
// set (dist/runner/turnResolution.mjs:942-953), so the ai-sdk-ui stream errors (it has no error chunk) and
// the UI never shows the refusal text as the answer; the text is only in the exception's message.
// Run: node examples/ts/repro/openai-agents-ui-refusal.mjs (exits 1 while the defect is present).
import { completed, runUi, serve } from './openai-agents-ui-lib.mjs'

const refusal = { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant',
  content: [{ type: 'refusal', refusal: "I'm sorry, I can't help with that." }] }
const server = await serve([completed([refusal])])
const { chunks, thrown, message } = await runUi(server.baseURL)
server.close()
const text = (message?.parts ?? []).filter((p) => p.type === 'text').map((p) => p.text).join('')
console.log(`a refusal: chunks ${JSON.stringify(chunks.map((c) => c.type))}; ${thrown
  ? `the stream threw ${thrown.name}: ${thrown.message}` : 'the stream ended'}; the UI shows text ${JSON.stringify(text)}`)
process.exit(text.includes("can't help") ? 0 : 1)
