// Reproducer (outside the suite) of an @ai-sdk/anthropic defect pinned in
// tests/data/ai-sdk7-anthropic.verdicts.json (finish.missing.001 row 8.1.5, finish.missing.003 and
// reasoning.unclosed.001 row 8.1.8): the provider closes a text or thinking block only at that block's
// own `content_block_stop` (@ai-sdk/anthropic 4.0.105 dist/index.js:5789). Neither `message_stop`
// (:6044) nor the stream's flush() (:6132, which does notice the cut and finishes 'interrupted')
// closes a block still open, so ai 7's UI message stream finishes with the part in state 'streaming'
// (ai 7.0.173 dist/index.js:7246-7283: only reasoning-end / text-end set 'done'; finish :7559 does not).
// @ai-sdk/google 4.0.121 closes its open parts in flush (dist/index.js:2887).
// Two streams: A ends after a text delta (no content_block_stop, no message_stop: a cut response);
// B never stops its thinking block but stops the text block after it and the message.
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk-anthropic-open-blocks.mjs
// Prints the chunk types and the parts' states readUIMessageStream ends with; exits 1 while the defect
// is present (0 once every part is 'done').
import { readUIMessageStream, streamText } from 'ai7'
import { createAnthropic } from '@ai-sdk/anthropic'
import { reproduce } from './anthropic-open-blocks.mjs'

process.exit(await reproduce({ readUIMessageStream, streamText, provider: (baseURL) => createAnthropic({ baseURL, apiKey: 'sk-ant-x' }) }))
