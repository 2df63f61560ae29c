// Reproducer of D-reasoning-after-close in tests/data/voltagent-ui-xai.verdicts.json (ids.reuse.002,
// reasoning.interleaved.001; row 8.4.2): reasoning that resumes after text in the same Chat Completions response
// (`delta.reasoning_content`, then `delta.content`, then `delta.reasoning_content` again) goes to the reasoning part
// @ai-sdk/xai 3.0.138's chat model already ended. It names the part `reasoning-<chunk id>` (dist/index.mjs:765),
// ends it when text arrives (:738-745), and on the next reasoning delta finds its contentBlocks entry (:770) and
// sends `reasoning-delta` with no new `reasoning-start` (:778-782). ai 6.0.326's streamText, under VoltAgent's agent,
// passes that delta to the UI stream and adds an `error` chunk ('reasoning part ... not found', dist/index.mjs:7754);
// the client's readUIMessageStream throws on the orphan delta ("Received reasoning-delta for missing reasoning
// part", :6266), so the user sees an error where the model finished and loses the rest of the answer. The same code
// as 3.0.99's (examples/ts/repro/ai-sdk6-xai-reasoning-after-close.mjs, without VoltAgent).
// Prints the chunk types and what the client read; exits 1 while the defect is present (0 once the UI stream
// carries both reasoning pieces and the whole answer with no error).
import { chunk, run } from './_lib.mjs'
import { readUIMessageStream } from 'ai'

const { chunks, error } = await run({ wire: 'xai',
  turns: [[chunk({ role: 'assistant', reasoning_content: 'Part one.' }), chunk({ content: 'Answer.' }),
    chunk({ reasoning_content: ' Part two.' }), chunk({ content: ' More.' }), chunk({}, 'stop')]] })
const types = chunks.map((c) => c.type)
// The client: ai 6's readUIMessageStream over the same chunks (as useChat reads the route's body).
let message = null
let clientError = null
try {
  const stream = new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(x); c.close() } })
  for await (const m of readUIMessageStream({ stream, terminateOnError: true })) message = m
} catch (e) {
  clientError = e
}
const shown = (message?.parts ?? []).map((p) => `${p.type}:${JSON.stringify(p.text ?? '')}`)
console.log(`chunks: ${types.join(', ')}; stream error: ${error ? error.message : 'none'}`)
console.log(`client: ${shown.join(', ')}; client error: ${clientError ? clientError.message : 'none'}`)
const whole = (message?.parts ?? []).filter((p) => p.type === 'text').map((p) => p.text).join('') === 'Answer. More.'
process.exit(!types.includes('error') && !error && !clientError && whole ? 0 : 1)
