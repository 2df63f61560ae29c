import { runHarness } from 'stream-adapter-conformance-harness'
runHarness({
  capabilities: { name: 'sample-ts', inputs: ['v3'], output: 'ag-ui', features: [], reports_finish_reason: false, reports_usage: false },
  async *stream(c) {
    const { thread_id: threadId, run_id: runId } = c.request
    yield { type: 'RUN_STARTED', threadId, runId }
    const { stream } = await c.doStream({ abortSignal: c.signal })
    for await (const part of stream) {
      if (part.type === 'text-start') yield { type: 'TEXT_MESSAGE_START', messageId: part.id, role: 'assistant' }
      if (part.type === 'text-delta') yield { type: 'TEXT_MESSAGE_CONTENT', messageId: part.id, delta: part.delta }
      if (part.type === 'text-end') yield { type: 'TEXT_MESSAGE_END', messageId: part.id }
    }
    yield { type: 'RUN_FINISHED', threadId, runId }
  },
})
