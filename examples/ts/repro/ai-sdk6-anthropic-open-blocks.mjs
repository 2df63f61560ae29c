// Reproducer (outside the suite) of an @ai-sdk/anthropic 3 defect (ai 6's own provider generation, npm
// alias ai6-anthropic) pinned in tests/data/ai-sdk6-anthropic.verdicts.json (finish.missing.001 row 8.1.5,
// finish.missing.003 and reasoning.unclosed.001 row 8.1.8): the provider closes a text or thinking block
// only at that block's own `content_block_stop` (@ai-sdk/anthropic 3.0.140 dist/index.mjs:5919). Neither
// `message_stop` (:6264) nor the end of the stream (its TransformStream, :5429, has no flush) closes a
// block still open, so ai 6's UI message stream finishes with the part in state 'streaming'. The same
// defect as @ai-sdk/anthropic 4's (ai-sdk-anthropic-open-blocks.mjs), in the older code line.
// Two streams: A ends after a text delta (no content_block_stop, no message_stop: a cut response);
// B never stops its thinking block but stops the text block after it and the message.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk6-anthropic-open-blocks.mjs
// Prints the chunk types and the parts' states readUIMessageStream ends with; exits 1 while the defect
// is present (0 once every part is 'done').
import { readUIMessageStream, streamText } from 'ai'
import { createAnthropic } from 'ai6-anthropic'
import { reproduce } from './anthropic-open-blocks.mjs'

process.exit(await reproduce({ readUIMessageStream, streamText, provider: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' }) }))
