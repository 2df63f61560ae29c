// Reproducer (outside the suite) of an @ai-sdk/perplexity 4.0.49 defect pinned in
// tests/data/ai-sdk7-perplexity.verdicts.json (finish.missing.001, row 8.1.19): a Chat Completions stream
// that ends with no `finish_reason` (cut before its last chunk) finishes 'other', the word for "the model
// stopped for other reasons", instead of 'interrupted'. doStream starts from
// `finishReason = { unified: "other" }` (dist/index.js:495-498) and nothing changes it without a
// finish_reason; the package is built on @ai-sdk/provider 4.0.18, whose finish vocabulary has no
// 'interrupted'. ai 7's Chat marks a message 'interrupted' and pauses its queue only on that word
// (ai 7.0.173 dist/index.js:22185, :22197) and otherwise sends the next automatic request (:22202): the
// cut answer is shown and handled as complete. @ai-sdk/groq 4.0.84 on the same bytes finishes 'interrupted'
// (dist/index.js:664-665), which this script prints beside it. The chunks carry what Perplexity's chunk
// has (id, object, created, model, choices; @perplexity-ai/perplexity_ai 0.38.1 CompletionResponse).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk7-perplexity-missing-finish.mjs
// Exits 1 while the defect is present (0 once @ai-sdk/perplexity finishes 'interrupted').
import { streamText } from 'ai7'
import { createPerplexity } from '@ai-sdk/perplexity'
import { createGroq } from '@ai-sdk/groq'
import { cutServer, finishOf } from './chat-cut-stream.mjs'

const server = await cutServer()
const perplexity = await finishOf(streamText, createPerplexity({ baseURL: server.baseURL, apiKey: 'x' })('sonar'))
const groq = await finishOf(streamText, createGroq({ baseURL: server.baseURL, apiKey: 'x' })('mock'))
server.close()
console.log(`stream cut before its finish_reason: @ai-sdk/perplexity finishes ${JSON.stringify(perplexity)}, ` +
  `@ai-sdk/groq ${JSON.stringify(groq)}`)
process.exit(perplexity === 'interrupted' ? 0 : 1)
