// Shared by the reproducers: a one-route Chat Completions server that plays canned SSE frames, and
// a MastraAgent (@ag-ui/mastra) over a Mastra Agent whose model is @ai-sdk/openai-compatible on it.
import { createServer } from 'node:http';
import { MastraAgent } from '@ag-ui/mastra';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent } from '@mastra/core/agent';

// Mastra's own logging would hide the one line each reproducer prints.
for (const level of ['log', 'info', 'debug', 'warn', 'error']) console[level] = () => {};
export const say = (...args) => process.stdout.write(`${args.join(' ')}\n`);

export const chunk = (fields) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0,
  model: 'gpt-4o-mini', ...fields })}\n\n`;
export const text = (content, finish = null) => chunk({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] });

// handler(req, res) answers the model's one request; returns {url, server}.
export async function serve(handler) {
  const server = createServer(handler);
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/v1` };
}

export function agentOn(url) {
  const provider = createOpenAICompatible({ name: 'mock', baseURL: url, includeUsage: true });
  const agent = new Agent({ id: 'a', name: 'a', instructions: '', model: provider.chatModel('gpt-4o-mini') });
  return new MastraAgent({ agent, resourceId: 'r' });
}

export const input = { threadId: 't', runId: 'r', messages: [{ id: 'm', role: 'user', content: 'Hi' }], tools: [],
  context: [], state: {}, forwardedProps: {} };

// Every event of one run, and the error the Observable ended with (if any).
export function collect(agent) {
  return new Promise((done) => {
    const events = [];
    agent.run(input).subscribe({ next: (e) => events.push(e), error: (error) => done({ events, error }),
      complete: () => done({ events, error: null }) });
  });
}
