// Shared by the chunk reproducers: a MastraAgent (@ag-ui/mastra) over a local agent (it has getMemory,
// as @mastra/core's Agent does) whose stream() yields canned Mastra chunks as its fullStream.
import { MastraAgent } from '@ag-ui/mastra';

for (const level of ['log', 'info', 'debug', 'warn', 'error']) console[level] = () => {};
export const say = (...args) => process.stdout.write(`${args.join(' ')}\n`);

// One Mastra agent chunk as the agent loop enqueues it.
export const mc = (type, payload) => ({ type, runId: 'run-1', from: 'AGENT', payload });

// Every event of one run over the chunks, and the error the Observable ended with (if any).
export function collect(chunks, tools = []) {
  const agent = {
    name: 'a',
    model: { provider: 'mock', modelId: 'm' },
    getMemory: async () => null,
    listTools: async () => ({}),
    stream: async () => ({ fullStream: (async function* () { yield* chunks; })(), usage: Promise.resolve(undefined) }),
  };
  const mastra = new MastraAgent({ agent, resourceId: 'r' });
  const input = { threadId: 't', runId: 'r', messages: [{ id: 'm', role: 'user', content: 'Hi' }], tools,
    context: [], state: {}, forwardedProps: {} };
  return new Promise((done) => {
    const events = [];
    mastra.run(input).subscribe({ next: (e) => events.push(e), error: (error) => done({ events, error }),
      complete: () => done({ events, error: null }) });
  });
}
