// Reproducer (outside the suite) of a TanStack AI defect pinned in tests/data/tanstack-ai-openrouter.verdicts.json
// (loop.abort-during-tool.001, rows 8.1.22 and 8.1.18): the caller aborts while chat() runs a server tool.
// @tanstack/ai 0.52.3 makes no further model call (dist/esm/activities/chat/index.js:342 returns when cancelled),
// but after the tool returns, processToolCalls checks only a middleware abort (:917), not the caller's, and
// flushes the tool-calls turn's deferred RUN_FINISHED (:942) and the tool's TOOL_CALL_RESULT (:943-944): events
// after the abort, and a result after the terminal event (0.58.0's :920/:945 in the tanstack-ai-openai pins).
// The tool ignores the abort as many tools do (it returns once the signal fired).
// Prints the event types before and after the abort and the model calls made; exits 1 while events come after
// the abort (0 once nothing, or one terminal, follows it).
import { chunk, run } from './_lib.mjs'

const turn1 = [chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }), chunk({}, 'tool_calls')]
const turn2 = [chunk({ role: 'assistant', content: 'Sunny in Paris.' }), chunk({}, 'stop')]
const controller = new AbortController()
const execute = async () => {
  controller.abort()
  await new Promise((ok) => (controller.signal.aborted ? ok() : controller.signal.addEventListener('abort', ok)))
  return { sky: 'sunny' }
}
const tools = [{ name: 'get_weather', description: 'Weather', execute,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]
const { chunks, calls } = await run({ turns: [turn1, turn2], options: { tools, abortController: controller } })
// The tool aborted the run: what chat() yielded after the tool's call ended came after the abort.
const cut = chunks.findIndex((c) => c.type === 'TOOL_CALL_END') + 1
const before = chunks.slice(0, cut).map((c) => c.type)
const after = chunks.slice(cut).map((c) => c.type)
console.log(`before the abort: ${before.join(' ')}`)
console.log(`after the abort:  ${after.join(' ') || '(nothing)'}`)
console.log(`model calls: ${calls}`)
const terminal = ['RUN_FINISHED', 'RUN_ERROR']
process.exit(after.length === 0 || (after.length === 1 && terminal.includes(after[0])) ? 0 : 1)
