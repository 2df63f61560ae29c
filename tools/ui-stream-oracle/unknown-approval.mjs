// ai 7.0.173's streamText given a conversation whose last tool message answers an approval id that no
// tool-approval-request in the history carries: the evidence of tests/test_ai7_unknown_approval.py.
//
// argv[2]: the approval id the tool message's tool-approval-response names ("appr-1" is the one the
// assistant's tool-approval-request carries). stdout: one JSON line
//   {"approvalId", "modelCalls", "executed", "thrown", "chunks"}
// `modelCalls`: how many times the model (the upstream) was called; `executed`: how many times the tool
// that needs approval ran; `chunks`: the UI message stream streamText's toUIMessageStream() gave.
// collectToolApprovals throws InvalidToolApprovalError for an unknown id (dist/index.js:2538-2539) before
// any model call (:10128 in streamText's stream), and the stream carries it as its error chunk.
import { jsonSchema, streamText, tool } from 'ai7'
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai7/test'

let modelCalls = 0
let executed = 0
const model = new MockLanguageModelV4({
  doStream: async () => {
    modelCalls++
    return {
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Deleted.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' },
          usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } } },
      ]),
    }
  },
})
const tools = {
  delete_db: tool({
    inputSchema: jsonSchema({ type: 'object', properties: {} }),
    needsApproval: true,
    execute: async () => { executed++; return { ok: true } },
  }),
}
const approvalId = process.argv[2] ?? 'appr-unknown'
const messages = [
  { role: 'user', content: 'Delete the staging database.' },
  { role: 'assistant', content: [
    { type: 'tool-call', toolCallId: 'call-1', toolName: 'delete_db', input: {} },
    { type: 'tool-approval-request', approvalId: 'appr-1', toolCallId: 'call-1' },
  ] },
  { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] },
]
const chunks = []
let thrown = null
try {
  const result = streamText({ model, tools, messages, onError: () => {} })
  for await (const chunk of result.toUIMessageStream({ onError: (e) => `${e?.name}: ${e?.message}` })) chunks.push(chunk)
} catch (e) {
  thrown = `${e?.name}: ${e?.message}`
}
console.log(JSON.stringify({ approvalId, modelCalls, executed, thrown, chunks }))
