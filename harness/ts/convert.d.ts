import type { Message } from './index.js'

/** Argument text -> the value a ModelMessage tool-call carries (the text itself when it is not JSON). */
export declare function parseArguments(text: unknown): unknown
/** The text of a message's content: a string, or the text of its parts. */
export declare function textOf(content: unknown): string
/** Request messages -> AI SDK `ModelMessage[]`. */
export declare function toModelMessages(messages: Message[]): Array<Record<string, unknown>>
/** The prompt fields of an AI SDK call: `{messages}` (ai 6) or `{instructions, messages}` (ai 7). */
export declare function aiSdkPrompt(
  messages: Message[],
  options?: { instructions?: boolean },
): { messages: Array<Record<string, unknown>>; instructions?: Array<Record<string, unknown>> }
/** Request messages -> TanStack AI `ModelMessage[]` plus its `systemPrompts`. */
export declare function toTanstackMessages(messages: Message[]): {
  systemPrompts: string[]
  messages: Array<Record<string, unknown>>
}

/** One tool of the request (`ToolBody`): a `server` tool carries its scripted `results`. */
export interface ServerToolSpec {
  name: string
  server?: boolean
  results?: Array<{ tool_call_id: string; result?: unknown; error?: string | null; until_abort?: boolean;
    report_start?: boolean }> | null
  [field: string]: unknown
}
/**
 * A server tool's execute function (results found by `context.toolCallId`, else in call order), or undefined.
 * A result marked `until_abort` is held until `context.abortSignal` or `signal` (the case's) aborts.
 * Given the harness case instead of its signal, it also reports the tool's start (`c.toolStarted`).
 */
export declare function toolExecutor(
  tool: ServerToolSpec,
  signalOrCase?: AbortSignal | { signal: AbortSignal; toolStarted(toolCallId: string): void },
): ((args: unknown, context?: { toolCallId?: string; abortSignal?: AbortSignal }) => Promise<unknown>) | undefined
