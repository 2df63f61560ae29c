// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect pinned in
// tests/data/ai-sdk7-openrouter.verdicts.json (tool.malformed.001, rows 8.1.12, 8.1.13): a call whose arguments are cut
// by the output budget (finish_reason 'length') is left open. flush closes a pending call only when the finish is
// 'tool-calls' (dist/index.js:4962); otherwise the stream ends with the call's tool-input-start and deltas but no
// tool-input-available or tool-input-error, so useChat's tool part stays in 'input-streaming' for good.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-open-call-at-length.mjs
// Exits 1 while the defect is present.
import { call, chunk, clientTools, ofType, run } from './ai-sdk7-openrouter-lib.mjs'

const { chunks } = await run({ tools: clientTools('get_weather'), lines: [
  chunk({ role: 'assistant', content: '' }),
  chunk(call(0, '', { id: 'call_trunc', name: 'get_weather' })), chunk(call(0, '{"city":')), chunk(call(0, '"Par')),
  chunk({}, 'length')] })
const started = ofType(chunks, 'tool-input-start').length
const ended = ofType(chunks, 'tool-input-available').length + ofType(chunks, 'tool-input-error').length
console.log(`calls started: ${started}; calls ended (available or error): ${ended}; finish ` +
  `${JSON.stringify(ofType(chunks, 'finish')[0]?.finishReason)}`)
process.exit(started === ended ? 0 : 1)
