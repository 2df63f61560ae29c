// Shared by the ai-sdk7-agent-*.mjs reproducers: ai 7's agent route in the shape the shared streamText reproducers
// call (`streamText(options).toUIMessageStream()`), so each defect they show on streamText is shown on the route an
// agent app serves instead. `agentRoute({ ToolLoopAgent, createAgentUIStreamResponse })` returns that `streamText`:
// it makes a ToolLoopAgent on the model, answers the prompt as one user UI message with
// createAgentUIStreamResponse (ai 7's route handler, docs/07-reference/01-ai-sdk-core/18-create-agent-ui-stream-response.mdx),
// and its `toUIMessageStream()` is the Response body read back as the client's transport reads it: one chunk per
// SSE `data:` frame, `[DONE]` last. A body that errors errors that stream.
export function agentRoute({ ToolLoopAgent, createAgentUIStreamResponse }) {
  return ({ model, prompt, maxRetries, maxOutputTokens }) => ({
    toUIMessageStream: ({ onError } = {}) => fromAsync(chunks(createAgentUIStreamResponse({
      agent: new ToolLoopAgent({ model, maxRetries, maxOutputTokens }),
      uiMessages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: prompt }] }],
      ...(onError ? { onError } : {}),
    }))),
  })
}

async function* chunks(responsePromise) {
  const response = await responsePromise
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const bytes of response.body) {
    buffer += decoder.decode(bytes, { stream: true })
    let end
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(0, end).split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n')
      buffer = buffer.slice(end + 2)
      if (data !== '' && data !== '[DONE]') yield JSON.parse(data)
    }
  }
}

// An async iterator -> a ReadableStream (the shared reproducers tee() it), its errors the stream's.
function fromAsync(iterable) {
  const it = iterable[Symbol.asyncIterator]()
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await it.next()
        if (done) controller.close()
        else controller.enqueue(value)
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel(reason) {
      await it.return?.(reason)
    },
  })
}
