// Reproducer (outside the suite) of an @ai-sdk/anthropic 2 defect (ai 5's own provider generation, npm
// alias ai5-anthropic) pinned in tests/data/ai-sdk5-anthropic.verdicts.json (finish.missing.001 row 8.1.5,
// finish.missing.003 and reasoning.unclosed.001 row 8.1.8): the provider closes a text or thinking block
// only at that block's own `content_block_stop` (@ai-sdk/anthropic 2.0.112 dist/index.mjs:4085). Neither
// `message_stop` (:4373) nor the end of the stream (its TransformStream, :3783, has no flush) closes a
// block still open, so ai 5's UI message stream finishes with the part in state 'streaming'. The same
// defect as @ai-sdk/anthropic 3's and 4's (ai-sdk6-anthropic-open-blocks.mjs, ai-sdk-anthropic-open-blocks.mjs).
// Two streams: A ends after a text delta (no content_block_stop, no message_stop: a cut response);
// B never stops its thinking block but stops the text block after it and the message.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-anthropic-open-blocks.mjs
// Prints the chunk types and the parts' states readUIMessageStream ends with; exits 1 while the defect
// is present (0 once every part is 'done').
import { readUIMessageStream, streamText } from 'ai5'
import { createAnthropic } from 'ai5-anthropic'
import { reproduce } from './anthropic-open-blocks.mjs'

process.exit(await reproduce({ readUIMessageStream, streamText, provider: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' }) }))
