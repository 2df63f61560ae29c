// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect pinned in
// tests/data/ai-sdk7-openrouter.verdicts.json (tool.interleave.002, row 8.1.9): parallel calls are shown in the order
// their first argument fragment came, not the order the model opened them (index 0, 1, 2). A call whose first delta
// has arguments "" (as OpenAI and OpenRouter send a call's opening delta) is created without a tool-input-start
// (dist/index.js:4847 starts it only when its arguments already parse) and started at its next delta (:4890-4893);
// useChat adds a tool part at a call's first chunk, so the assistant message (and the history sent back) lists the
// calls reordered.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-call-order.mjs
// Exits 1 while the defect is present.
import { call, chunk, clientTools, ofType, run } from './ai-sdk7-openrouter-lib.mjs'

const { chunks } = await run({ tools: clientTools('get_weather', 'find_hotel', 'fx_rate'), lines: [
  chunk({ role: 'assistant', content: '' }),
  chunk(call(0, '', { id: 'call_1', name: 'get_weather' })), chunk(call(0, '{"city":')),
  chunk(call(1, '', { id: 'call_2', name: 'find_hotel' })), chunk(call(2, '', { id: 'call_3', name: 'fx_rate' })),
  chunk(call(2, '{"from":"EUR",')), chunk(call(1, '{"city":"Lisbon",')), chunk(call(0, '"Lisbon"}')),
  chunk(call(2, '"to":"USD"}')), chunk(call(1, '"nights":2}')), chunk({}, 'tool_calls')] })
const order = ofType(chunks, 'tool-input-start').map((c) => c.toolCallId)
console.log(`the model opened call_1, call_2, call_3 (index 0, 1, 2); the UI message stream starts ${order.join(', ')}`)
process.exit(order.join() === 'call_1,call_2,call_3' ? 0 : 1)
