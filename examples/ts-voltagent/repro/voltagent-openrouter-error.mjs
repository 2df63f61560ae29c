// Reproducer of D-openrouter-error in tests/data/voltagent-ui.verdicts.json (error.openrouter-midstream.001):
// an OpenAI-compatible gateway (OpenRouter) reports a provider failure mid-stream as a chunk with a top-level
// `error` and finish_reason 'error'. @ai-sdk/openai 3.0.141's chunk schema (dist/index.mjs:770) is a union
// whose chunk object matches first and strips `error`, so the `"error" in value` branch (:1432) never runs:
// the truncated answer finishes as 'other' with no error.
// Exits 1 while the defect is present (0 once an `error` chunk is sent).
import { chunk, run } from './_lib.mjs'

const { chunks } = await run({ turns: [[chunk({ role: 'assistant', content: 'Tides are caused' }),
  chunk({ content: '' }, 'error', { error: { code: 'server_error', message: 'Provider disconnected unexpectedly' } })]] })
console.log(`last chunk: ${JSON.stringify(chunks.at(-1))}; error chunk: ${chunks.some((c) => c.type === 'error')}`)
process.exit(chunks.some((c) => c.type === 'error') ? 0 : 1)
