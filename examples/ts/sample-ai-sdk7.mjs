// A TypeScript adapter checked through harness/ts in under 20 lines: AI SDK 7's streamText over Chat
// Completions, its UI message stream out. pytest --adapter-cmd "node examples/ts/sample-ai-sdk7.mjs"
import { runHarness } from '../../harness/ts/index.js'
import { aiSdkPrompt } from '../../harness/ts/convert.js'
import { streamText } from 'ai7'
import { createOpenAICompatible } from 'ai-sdk-openai-compatible3'

runHarness({
  capabilities: { name: 'sample-ai-sdk7', inputs: ['openai-chat'], output: 'ui-message-stream@7',
    features: ['reasoning', 'abort', 'multimodal'], policies: { abort: 'cancelled', unknown_finish: 'null' } },
  async *stream(c) {
    const provider = createOpenAICompatible({ name: 'mock', baseURL: c.baseURL, headers: c.headers })
    const result = streamText({ model: provider.chatModel(c.modelId), ...aiSdkPrompt(c.request.messages),
      abortSignal: c.signal, maxRetries: 0 })
    // toUIMessageStream throws on a dropped connection (ai@7 defect, docs/findings-ai-sdk.md): report it in band.
    try { yield* result.toUIMessageStream({ onError: (e) => e?.message ?? String(e) }) }
    catch (error) { yield { type: 'error', errorText: error?.message ?? String(error) } }
  },
})
