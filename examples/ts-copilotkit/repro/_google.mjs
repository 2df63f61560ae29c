// Shared by the Gemini reproducers: Gemini API stream chunks (`streamGenerateContent?alt=sse`, one `data:` line
// each), and a BuiltInAgent whose model is the one the CopilotKit runtime builds for `google/<model>`
// (@copilotkit/runtime 1.75.0 dist/agent/index.mjs:47-52: createGoogleGenerativeAI from the @ai-sdk/google it
// resolves, 3.0.141), on a canned server from ./_runtime.mjs. As the harness (../copilotkit-runtime-google.mjs)
// does; no network beyond 127.0.0.1.
import { builtInAgentOn } from './_runtime.mjs';

const { createGoogleGenerativeAI } = await import('@ai-sdk/google');

// One GenerateContentResponse chunk, as the live API frames it.
export const chunk = (data) => `data: ${JSON.stringify(data)}\n\n`;
export const textChunk = (text) => chunk({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }],
  modelVersion: 'gemini-x' });
export const finishChunk = (finishReason, usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 5,
  totalTokenCount: 15 }) => chunk({ candidates: [{ content: { role: 'model', parts: [] }, finishReason, index: 0 }],
  usageMetadata, modelVersion: 'gemini-x' });
// The API's in-band error: google.rpc.Status under `error`, as its error bodies carry it.
export const errorChunk = (code, message, status) => chunk({ error: { code, message, status } });

// The agent on `url` (the canned server answers every path, so the provider's {baseURL}/models/... reaches it).
export function googleAgentOn(url, tools = []) {
  return builtInAgentOn(createGoogleGenerativeAI({ baseURL: url, apiKey: 'test' })('gemini-x'), tools);
}
