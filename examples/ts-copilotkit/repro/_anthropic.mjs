// Shared by the Anthropic reproducers: Messages API SSE frames, and a BuiltInAgent whose model is the one the
// CopilotKit runtime builds for `anthropic/<model>` (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:43-46:
// createAnthropic from the @ai-sdk/anthropic it resolves, 3.0.140), on a canned server from ./_runtime.mjs.
// As the harness (../copilotkit-runtime-anthropic.mjs) does; no network beyond 127.0.0.1.
import { builtInAgentOn } from './_runtime.mjs';

const { createAnthropic } = await import('@ai-sdk/anthropic');

// One Messages SSE event (`event: <type>` + `data: <json>`), as the live API frames it.
export const event = (data) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
export const messageStart = (usage = { input_tokens: 10, output_tokens: 0 }) => event({ type: 'message_start',
  message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null,
    stop_sequence: null, usage } });
export const blockStart = (index, block) => event({ type: 'content_block_start', index, content_block: block });
export const textDelta = (index, text) => event({ type: 'content_block_delta', index,
  delta: { type: 'text_delta', text } });
export const jsonDelta = (index, partial) => event({ type: 'content_block_delta', index,
  delta: { type: 'input_json_delta', partial_json: partial } });
export const blockStop = (index) => event({ type: 'content_block_stop', index });
export const messageEnd = (stopReason = 'end_turn', usage = { output_tokens: 5 }) =>
  event({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage })
  + event({ type: 'message_stop' });
export const errorEvent = (type, message) => event({ type: 'error', error: { type, message } });

// The agent on `url` (the canned server's /v1: the provider posts to {baseURL}/messages).
export function anthropicAgentOn(url, tools = []) {
  return builtInAgentOn(createAnthropic({ baseURL: url, apiKey: 'sk-ant-test' })('claude-x'), tools);
}
