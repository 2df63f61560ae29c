// Reproducer (outside the suite) of a defect pinned in tests/data/openai-agents-ui.verdicts.json
// (usage.zero.001 and reasoning.only.001: ERROR, the adapter raised): a response with no message and no
// tool call (an empty answer, or reasoning only) is no final output for @openai/agents-core 0.18.0, which
// then runs the agent again with the same input (dist/runner/turnResolution.mjs:963-983
// 'next_step_run_again'): no retry prompt, nothing the model could answer differently, until maxTurns
// (10 model calls) ends the run with MaxTurnsExceededError, which errors the ai-sdk-ui stream (it has no
// error chunk). The user waits for ten identical model calls and gets an error instead of an empty answer.
// Run: node examples/ts/repro/openai-agents-ui-empty-answer.mjs (exits 1 while the defect is present).
import { completed, runUi, serve } from './openai-agents-ui-lib.mjs'

const server = await serve([completed([])])
const { chunks, thrown } = await runUi(server.baseURL)
server.close()
console.log(`an empty completed response: ${server.calls()} model call(s); chunks ${JSON.stringify(
  chunks.map((c) => c.type))}; ${thrown ? `the stream threw ${thrown.name}: ${thrown.message}` : 'the stream ended'}`)
process.exit(server.calls() === 1 && !thrown ? 0 : 1)
