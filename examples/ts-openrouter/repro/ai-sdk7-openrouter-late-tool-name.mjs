// Reproducer (outside the suite) of an @openrouter/ai-sdk-provider 3.1.0 defect pinned in
// tests/data/ai-sdk7-openrouter.verdicts.json (quirks.tool-late-id.001, ERROR): a call whose id and name arrive in
// its second delta (some OpenAI-compatible servers; OpenRouter's own SDK types make id and name optional in every
// delta, @openrouter/sdk 0.13.20 esm/models/chatstreamtoolcall.d.ts). The chat model throws
// InvalidResponseDataError "Expected 'function.name' to be a string." on the call's first delta
// (dist/index.js:4818-4823), inside its TransformStream, and ai 7's toUIMessageStream errors with it: no tool call
// and no `error` chunk reach the user.
// Run: npm ci --prefix examples/ts-openrouter && node examples/ts-openrouter/repro/ai-sdk7-openrouter-late-tool-name.mjs
// Exits 1 while the defect is present.
import { chunk, clientTools, ofType, run } from './ai-sdk7-openrouter-lib.mjs'

const { chunks, error } = await run({ tools: clientTools('get_weather'), lines: [
  chunk({ role: 'assistant', content: '' }),
  chunk({ tool_calls: [{ index: 0, type: 'function', function: { arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, id: 'call_late', function: { name: 'get_weather' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }),
  chunk({}, 'tool_calls')] })
const handed = ofType(chunks, 'tool-input-available').map((c) => c.toolName)
console.log(`calls handed over: ${JSON.stringify(handed)}; error chunks: ${ofType(chunks, 'error').length}; ` +
  `the stream threw: ${error ? error.message : 'no'}`)
process.exit(handed.includes('get_weather') ? 0 : 1)
