// Reproducer of a @tanstack/ai-gemini 0.32.0 defect (tests/data/tanstack-ai-gemini.verdicts.json,
// text.whitespace.001, text.whitespace-only.001, text.split.002, row 8.1.4): a text part that is only
// whitespace is dropped (`else if (part.text.trim())`, dist/esm/adapters/text.js:408), so "if x:" +
// "\n    " + "pass" reaches the client as "if x:pass", and "Hi," + " " + "Zoë!" as "Hi,Zoë!".
// Run: npm ci --prefix examples/ts && node examples/ts/repro/tanstack-gemini-whitespace.mjs (exits 1 while present).
import { chunk, runGemini, usage } from './tanstack-gemini-lib.mjs'

const events = await runGemini([chunk([{ text: 'if x:' }]), chunk([{ text: '\n    ' }]),
  chunk([{ text: 'pass' }], { finishReason: 'STOP', usageMetadata: usage })])
const text = events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')
console.log(`parts "if x:" "\\n    " "pass" -> text ${JSON.stringify(text)}`)
process.exit(text === 'if x:\n    pass' ? 0 : 1)
