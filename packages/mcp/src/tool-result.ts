// The two shapes a tool call ends in: data (with its structured copy when the tool declares an output schema) or a
// tool error the model reads and can act on. Neither is a protocol error: MCP says tool failures belong in the result.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject } from '@thumbnail-api/spec/model';
import type { UserChannel } from './user-confirmation.js';

/** A tool as this server serves it: what `tools/list` shows, and what a call does. */
export interface ServedTool {
  readonly definition: Tool;
  call(args: unknown, context: CallContext): Promise<CallToolResult>;
}

/** What a call gets from its session. */
export interface CallContext {
  /** Aborted when the client cancels the call or the session ends. */
  readonly signal: AbortSignal;
  /** The user of the session, asked through the client. */
  readonly user: UserChannel;
}

/** A tool error: `text` says what happened and what to do. */
export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** A successful result: the data as JSON text, `notes` after it, and the data itself when it is an object. */
export function toolData(data: unknown, notes: readonly string[] = []): CallToolResult {
  const text = data === undefined ? '(The answer had no body.)' : JSON.stringify(data, null, 2);
  const result: CallToolResult = { content: [{ type: 'text', text }, ...notes.map((note) => ({ type: 'text' as const, text: note }))] };
  if (isJsonObject(data)) result.structuredContent = data;
  return result;
}
