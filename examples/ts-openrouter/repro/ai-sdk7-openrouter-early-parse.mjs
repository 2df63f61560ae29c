// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect pinned in
// tests/data/ai-sdk7-openrouter.verdicts.json (tool.malformed.003, rows 8.1.12, 8.1.13): a call is handed over as soon
// as its argument text so far parses as JSON (dist/index.js:4913-4929), before the stream says the call is done. Here
// the fragments are '{"city":"Paris"}' then '{"city":"Rome"}' (the whole text does not parse): get_weather is
// handed to the client with {"city":"Paris"}, and the next fragment still comes as a tool-input-delta for the
// completed call (:4908-4912), which turns useChat's tool part back to 'input-streaming'.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-early-parse.mjs
// Exits 1 while the defect is present.
import { call, chunk, clientTools, ofType, run } from './ai-sdk7-openrouter-lib.mjs'

const { chunks } = await run({ tools: clientTools('get_weather'), lines: [
  chunk({ role: 'assistant', content: '' }),
  chunk(call(0, '', { id: 'call_merged', name: 'get_weather' })), chunk(call(0, '{"city":"Paris"}')),
  chunk(call(0, '{"city":"Rome"}')), chunk({}, 'tool_calls')] })
const types = chunks.filter((c) => c.type.startsWith('tool-input')).map((c) => c.type)
const handed = ofType(chunks, 'tool-input-available').map((c) => JSON.stringify(c.input))
const after = types.slice(types.indexOf('tool-input-available') + 1)
console.log(`the model's whole argument text: {"city":"Paris"}{"city":"Rome"}; handed over: ${handed.join(', ')}; ` +
  `after it: ${after.join(', ') || 'nothing'}`)
process.exit(handed.length === 0 || after.length === 0 ? 0 : 1)
