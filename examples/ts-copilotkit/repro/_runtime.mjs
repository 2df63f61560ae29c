// Shared by the reproducers: a one-route OpenAI Responses server that plays canned SSE frames, and the
// CopilotKit runtime (@copilotkit/runtime 1.75.0, v2) serving a BuiltInAgent whose model is @ai-sdk/openai's
// default (Responses) model on it, called in process through createCopilotRuntimeHandler exactly as the
// harness (../copilotkit-runtime.mjs) calls it. No network beyond 127.0.0.1; telemetry off.
import { createServer } from 'node:http';

process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';
process.env.DO_NOT_TRACK = '1';
// The runtime's own logging would hide the one line each reproducer prints.
for (const level of ['log', 'info', 'debug', 'warn', 'error']) console[level] = () => {};
export const say = (...args) => process.stdout.write(`${args.join(' ')}\n`);

const { BuiltInAgent, CopilotRuntime, createCopilotRuntimeHandler, defineTool } = await import('@copilotkit/runtime/v2');
const { createOpenAI } = await import('@ai-sdk/openai');

// One Responses SSE frame.
export const frame = (data) => `event: ${data.type ?? 'message'}\ndata: ${JSON.stringify(data)}\n\n`;
let seq = 0;
const ev = (type, fields) => frame({ type, ...fields, sequence_number: seq++ });
const response = (status, extra = {}) => ({ id: 'resp_1', object: 'response', created_at: 0, status, error: null,
  incomplete_details: null, model: 'gpt-4o', output: [], tools: [], usage: null, ...extra });

export const created = () => ev('response.created', { response: response('in_progress') });
export const messageItem = (id, index = 0) => ev('response.output_item.added', { output_index: index,
  item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
export const textDelta = (id, delta, index = 0) => ev('response.output_text.delta', { item_id: id, output_index: index,
  content_index: 0, delta, logprobs: [] });
export const messageDone = (id, text, index = 0) => ev('response.output_item.done', { output_index: index,
  item: { id, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] } });
export const functionCall = (callId, name, args, index = 0) => [
  ev('response.output_item.added', { output_index: index,
    item: { id: `fc_${callId}`, type: 'function_call', status: 'in_progress', call_id: callId, name, arguments: '' } }),
  ev('response.function_call_arguments.delta', { item_id: `fc_${callId}`, output_index: index, delta: args }),
  ev('response.output_item.done', { output_index: index,
    item: { id: `fc_${callId}`, type: 'function_call', status: 'completed', call_id: callId, name, arguments: args } }),
].join('');
export const completed = (usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 }) =>
  ev('response.completed', { response: response('completed', { usage }) });
export const errorEvent = (code, message) => ev('error', { code, message, param: null });

// answers[i] is the body of the model's i-th request (the agent's i-th model call).
export async function serve(answers) {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(answers[Math.min(calls++, answers.length - 1)]);
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/v1` };
}

// A BuiltInAgent on `model`, with its own tools (and the steps to run them) when given.
export function builtInAgentOn(model, tools = []) {
  return new BuiltInAgent({ model, ...(tools.length ? { tools, maxSteps: 5 } : {}) });
}

export function agentOn(url, tools = []) {
  return builtInAgentOn(createOpenAI({ baseURL: url, apiKey: 'sk-test' })('gpt-4o'), tools);
}
export { defineTool };

export const input = { threadId: 't', runId: 'r', messages: [{ id: 'm', role: 'user', content: 'Hi' }], tools: [],
  context: [], state: {}, forwardedProps: {} };

// Every AG-UI event the runtime's run endpoint sends for `input` (the SSE answer a CopilotKit client reads).
export async function runtimeEvents(agent, runInput = input) {
  const runtime = new CopilotRuntime({ agents: { default: agent } });
  const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api/copilotkit' });
  const answer = await handler(new Request('http://localhost/api/copilotkit/agent/default/run', {
    method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(runInput) }));
  const text = await answer.text();
  return text.split('\n\n').flatMap((f) => f.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6))));
}

// Every event BuiltInAgent.run() itself emits for `input`, and the error its Observable ended with.
export function agentEvents(agent, runInput = input) {
  return new Promise((resolve) => {
    const events = [];
    agent.run(runInput).subscribe({
      next: (e) => events.push(e),
      error: (error) => resolve({ events, error }),
      complete: () => resolve({ events, error: null }),
    });
  });
}
