// Types of mock.js: the mock provider's shorthand answers for TypeScript tests.

export declare const SCOPE_HEADER: 'X-Mock-Scope'

export declare class MockProviderError extends Error {
  readonly status: number
  readonly body: string
}

export interface MockProviderOptions {
  /** The server's base URL (default: the MOCK_BASE_URL environment variable). */
  baseURL?: string
  /** The control token when the server has one (default: MOCK_TOKEN). */
  token?: string
  /** The log scope of this test (default: a fresh random one). */
  scope?: string
}

export declare class MockProvider {
  constructor(options?: MockProviderOptions)
  readonly baseURL: string
  readonly scope: string
  readonly openaiBaseURL: string
  readonly anthropicBaseURL: string
  readonly headers: Record<string, string>
  model(scenarioId: string): string
  reply(text: string, options?: { reasoning?: string; usage?: [number, number] }): Promise<string>
  toolCall(name: string, args?: Record<string, unknown>, options?: { callId?: string; text?: string }): Promise<string>
  fail(status: number, options?: { retryAfter?: number; then?: string }): Promise<string>
  answer(document: Record<string, unknown>): Promise<string>
  requests(): Promise<Array<Record<string, unknown>>>
  reset(): Promise<void>
}

export declare function mockProvider(options?: MockProviderOptions): MockProvider
