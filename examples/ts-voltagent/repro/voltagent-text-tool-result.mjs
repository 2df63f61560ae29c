// Reproducer of D-text-tool-result in tests/data/voltagent-ui.verdicts.json,
// tests/data/voltagent-ui-anthropic.verdicts.json, tests/data/voltagent-ui-google.verdicts.json,
// tests/data/voltagent-ui-mistral.verdicts.json, tests/data/voltagent-ui-groq.verdicts.json and
// tests/data/voltagent-ui-deepseek.verdicts.json (request.tool-history.001): a ModelMessage history (what
// agent.streamText takes) whose tool result is text, {type: 'text', value: '14:05'} (what ai's streamText stores
// for a string result). VoltAgent turns the history into UIMessages and back: normalizeToolOutputPayload
// (@voltagent/core 2.10.0 dist/index.mjs:28245) unwraps only 'json' results, so the text result's envelope becomes
// the output that ai's convertToModelMessages wraps again as json, and the model receives
// '{"type":"text","value":"14:05"}' instead of '14:05', on every model: here on the Chat Completions model (the
// `tool` message's content), on the Messages model (the tool_result block's content) and on the Gemini model (the
// functionResponse.response's content, where @ai-sdk/google 3.0.141 puts a text result as it is: the object
// {type, value} instead of '14:05'), on @ai-sdk/mistral 3.0.69's chat model (Mistral's `tool` message content) and
// on @ai-sdk/deepseek 2.0.69's chat model (DeepSeek's `tool` message content, a json result's JSON text,
// dist/index.mjs:379-382). Exits 1 while the defect is present on any (0 once the model receives the text on all five).
import { candidate, chunk, messageEnd, messageStart, run } from './_lib.mjs'

const messages = [{ role: 'user', content: 'What time is it in Paris?' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_2', toolName: 'get_time', input: { tz: 'CET' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_2', toolName: 'get_time', output: { type: 'text', value: '14:05' } }] }]
const chat = await run({ turns: [[chunk({ role: 'assistant', content: 'It is 14:05.' }), chunk({}, 'stop')]], messages })
const viaChat = chat.requests[0].messages.find((m) => m.role === 'tool')?.content
const anthropic = await run({ wire: 'messages', messages, turns: [[messageStart,
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'It is 14:05.' } },
  { type: 'content_block_stop', index: 0 }, ...messageEnd()]] })
const block = anthropic.requests[0].messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []))
  .find((b) => b.type === 'tool_result')
const viaMessages = typeof block?.content === 'string' ? block.content
  : block?.content?.map((b) => b.text ?? '').join('')
const gemini = await run({ wire: 'gemini', messages, turns: [[candidate([{ text: 'It is 14:05.' }], 'STOP')]] })
const viaGemini = gemini.requests[0].contents.flatMap((c) => c.parts)
  .find((part) => part.functionResponse)?.functionResponse.response.content
const mistral = await run({ wire: 'mistral', messages,
  turns: [[chunk({ role: 'assistant', content: 'It is 14:05.' }), chunk({}, 'stop')]] })
const viaMistral = mistral.requests[0].messages.find((m) => m.role === 'tool')?.content
const deepseek = await run({ wire: 'deepseek', messages,
  turns: [[chunk({ role: 'assistant', content: 'It is 14:05.' }), chunk({}, 'stop')]] })
const viaDeepSeek = deepseek.requests[0].messages.find((m) => m.role === 'tool')?.content
console.log(`the model received the tool result ${JSON.stringify(viaChat)} over Chat Completions, `
  + `${JSON.stringify(viaMessages)} over the Messages API, ${JSON.stringify(viaGemini)} over the Gemini API, `
  + `${JSON.stringify(viaMistral)} over Mistral's API and ${JSON.stringify(viaDeepSeek)} over DeepSeek's API (the caller's: "14:05")`)
process.exit([viaChat, viaMessages, viaGemini, viaMistral, viaDeepSeek].every((v) => v === '14:05') ? 0 : 1)
