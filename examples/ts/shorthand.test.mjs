// The mock provider's shorthand in a TypeScript test: reply, toolCall and fail from harness/ts/mock.js,
// read by AI SDK 7 (streamText over Chat Completions, generateText over Anthropic Messages).
// Runs under vitest and under node:test alike (vitest sets VITEST; `assert` from node:assert/strict works in both).
// Run against a server: mock-provider serve --port 8765 &
//   MOCK_BASE_URL=http://127.0.0.1:8765 npx vitest run shorthand   (in examples/ts), or node --test examples/ts/
const { test, beforeEach, afterEach } = process.env.VITEST ? await import('vitest') : await import('node:test')
import assert from 'node:assert/strict'
import { generateText, streamText } from 'ai7'
import { createOpenAICompatible } from 'ai-sdk-openai-compatible3'
import { createAnthropic } from '@ai-sdk/anthropic'
import { mockProvider } from '../../harness/ts/mock.js'

let mock
beforeEach(() => { mock = mockProvider() })   // MOCK_BASE_URL; a fresh log scope per test
afterEach(() => mock.reset())                  // the test's answers go away with it

const chat = () => createOpenAICompatible({ name: 'mock', baseURL: mock.openaiBaseURL, headers: mock.headers })
  .chatModel('gpt-4o-mini')

test('reply streams to streamText under any model name', async () => {
  await mock.reply('Bonjour!')
  const result = streamText({ model: chat(), prompt: 'Say hi in French', maxRetries: 0 })
  assert.equal(await result.text, 'Bonjour!')
  assert.equal(await result.finishReason, 'stop')
  const logged = await mock.requests()
  assert.equal(logged.length, 1)
  assert.equal(logged[0].body.messages.at(-1).content, 'Say hi in French')
})

test('toolCall reaches generateText over Anthropic Messages as a tool call', async () => {
  await mock.toolCall('get_weather', { city: 'Paris' })
  const anthropic = createAnthropic({ baseURL: `${mock.anthropicBaseURL}/v1`, apiKey: 'k', headers: mock.headers })
  const result = await generateText({ model: anthropic('claude-x'), prompt: 'Weather in Paris?', maxOutputTokens: 64,
    maxRetries: 0 })
  assert.deepEqual(result.toolCalls.map((c) => [c.toolName, c.input]), [['get_weather', { city: 'Paris' }]])
  assert.equal(result.finishReason, 'tool-calls')
})

test('fail answers the status, and with then the retry gets the reply', async () => {
  await mock.fail(503, { retryAfter: 0, then: 'second time lucky' })
  const result = await generateText({ model: chat(), prompt: 'x', maxRetries: 1 })
  assert.equal(result.text, 'second time lucky')
  assert.deepEqual((await mock.requests()).map((e) => e.status), [503, 200])
})

test('fail alone is an error the caller sees', async () => {
  await mock.fail(429)
  await assert.rejects(generateText({ model: chat(), prompt: 'x', maxRetries: 0 }),
    (e) => e.statusCode === 429 || e.lastError?.statusCode === 429)
})
