// Your TypeScript adapter behind the stream-adapter-conformance suite (written by `conformance init --lang ts`).
//   npm install --save-dev ./stream-adapter-conformance-harness-0.1.0.tgz
//   pytest --adapter-cmd "node conformance-harness.mjs"
// Swap my-adapter.mjs for your adapter and declare what it supports; docs: the TypeScript quickstart.
import { runHarness } from 'stream-adapter-conformance-harness'
import { callOptions, toUIMessageStream } from './my-adapter.mjs'

runHarness({
  capabilities: { name: 'my-adapter', inputs: ['v3'], output: 'ui-message-stream',
    features: ['tools', 'parallel_tools', 'reasoning', 'abort'], policies: { unknown_finish: 'null' } },
  async *stream(c) {   // one case: the model's parts (c.doStream) in, the adapter's events out
    const { stream } = await c.doStream(callOptions(c.request, c.signal))
    yield* toUIMessageStream(stream, `msg-${c.request.run_id}`)
  },
})
