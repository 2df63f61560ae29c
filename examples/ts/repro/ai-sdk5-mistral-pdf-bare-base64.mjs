// Reproducer (outside the suite) of an @ai-sdk/mistral 2.0.50 defect (ai 5's own provider generation, npm alias
// ai5-mistral) pinned in tests/data/ai-sdk5-mistral.verdicts.json (text.multimodal.001, row request.media,
// D-pdf-bare-base64). A PDF given as data (what ai 5's prompt conversion hands a provider for an uploaded file or a
// `data:` URL: base64 content plus its media type) becomes `{type: 'document_url', document_url: part.data.toString()}`
// (dist/index.mjs:56-60): the bare base64 text, with no `data:application/pdf;base64,` prefix, so the request carries
// no URL Mistral's API can read the document from (its document input takes an https or data: URL), while the image
// beside it is sent as a data URL (:50-54). @ai-sdk/mistral 3.0.68 formats both with formatFileUrl (dist/index.mjs:90-95).
// Run: npm ci --prefix examples/ts && node examples/ts/repro/ai-sdk5-mistral-pdf-bare-base64.mjs
// Prints the document_url the server got; exits 1 while the defect is present (0 once it is a data: or https URL).
import { createServer } from 'node:http'
import { streamText } from 'ai5'
import { createMistral } from 'ai5-mistral'

const PDF = 'JVBERi0xLjQKJcfsj6IKMSAwIG9iago8PD4+CmVuZG9iagp0cmFpbGVyCjw8Pj4KJSVFT0YK' // a minimal PDF, base64
let sent = null
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (c) => { body += c })
  req.on('end', () => {
    sent = JSON.parse(body)
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    const chunk = (delta, finish = null) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0,
      model: 'mistral-small-latest', choices: [{ index: 0, delta, finish_reason: finish }] })
    res.end(`data: ${chunk({ role: 'assistant', content: 'An empty PDF.' })}\n\ndata: ${chunk({}, 'stop')}\n\ndata: [DONE]\n\n`)
  })
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const baseURL = `http://127.0.0.1:${server.address().port}/v1`
const result = streamText({ model: createMistral({ baseURL, apiKey: 'x' })('mistral-small-latest'), maxRetries: 0,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Summarise the PDF.' },
    { type: 'file', data: PDF, mediaType: 'application/pdf' }] }] })
await result.consumeStream()
server.close()
const doc = sent?.messages?.[0]?.content?.find((p) => p.type === 'document_url')?.document_url
console.log(`document_url sent: ${JSON.stringify(doc)}`)
process.exit(typeof doc === 'string' && /^(data:application\/pdf;base64,|https:\/\/)/.test(doc) ? 0 : 1)
