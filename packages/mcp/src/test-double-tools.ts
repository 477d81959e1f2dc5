// Tools for agents that write tests against the API: the mock's test double (rules, journal, near misses, coverage,
// reset) through its `/__mock` control surface, always scoped to the key this server calls with, so an agent sees and
// changes only its own part of a shared mock. Offered only with --test-double-tools, and only against a mock.

import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { TestDoubleKeyView, ThumbnailApiOperations } from '@thumbnail-api/mock';
import { isJsonObject, type JsonObject } from '@thumbnail-api/spec/model';
import { API_KEY_VARIABLE } from '@thumbnail-api/spec/profile';
import { checkedTool } from './tool-arguments.js';
import { type ServedTool, toolData, toolError } from './tool-result.js';

/** The connected mock's view of one key: its answers promised (connectMock().forKey(key)). */
type ConnectedKeyView = TestDoubleKeyView<ThumbnailApiOperations, 'promised'>;

const THIS_KEY = "(this server's key)";

/** The test-double tools over `view` (the mock's view of this server's key); `operationIds` are the contract's. */
export function testDoubleTools(view: ConnectedKeyView, mockUrl: string, operationIds: readonly string[]): ServedTool[] {
  const operationId = { type: 'string', enum: [...operationIds], description: 'Only requests to this operation of the contract.' };
  const scope = `The mock at ${mockUrl}; only requests sent with the key this server calls with (${API_KEY_VARIABLE}, or its dry-run key), and only this key's rules.`;
  /** A tool that only reads the test double: its filters as arguments, what it read with the key hints replaced. */
  const reading = (name: string, title: string, description: string, filters: Record<string, object>, read: (args: JsonObject) => Promise<unknown>) =>
    served(
      {
        name,
        title,
        description: `${description} ${scope}`,
        inputSchema: { type: 'object', properties: filters, additionalProperties: false },
        annotations: { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (args) => toolData(hideKeyHints(await read(args))),
    );
  return [
    served(
      {
        name: 'mock_add_rule',
        title: 'Add a rule to the mock',
        description:
          `Makes the mock answer matching requests as the rule says, to test how code handles an answer: ${scope} ` +
          'A rule has `operationId` (or `method` and `path`), optionally `body` (fields the JSON body must have), `times` (only the next n requests), ' +
          '`answer` ({status, headers?, body?}, checked against the contract), `delayMs`, or `fault`: reset, hang, malformed or truncated. ' +
          'The mock refuses a rule that breaks the contract and says which field; the newest rule that matches answers.',
        inputSchema: {
          type: 'object',
          properties: { rule: { type: 'object', description: 'The rule, as the mock takes it.' } },
          required: ['rule'],
          additionalProperties: false,
        },
        annotations: { title: 'Add a rule to the mock', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      async ({ rule }) => {
        if (isJsonObject(rule) && 'key' in rule) {
          return toolError(
            "Nothing was added: a rule here has no `key`. Every rule this tool adds is for this server's key, so no agent can reach another key's requests.",
          );
        }
        const { id } = await view.rule(rule as Parameters<ConnectedKeyView['rule']>[0]);
        return toolData({ id }, [`Rule ${id} is in force for this server's key until mock_reset (or until its times are used up).`]);
      },
    ),
    reading(
      'mock_requests',
      'Read the mock’s journal',
      'What the mock received, oldest first: method, path, status, headers (credentials redacted), body, the rule that answered.',
      { operationId },
      async (args) => ({
        requests: await view.requests(args as { operationId?: never }),
      }),
    ),
    reading(
      'mock_near_misses',
      'Why no rule matched',
      'Requests to an operation with rules that no rule answered, newest first, each with the nearest rule and where the request differs from it.',
      { operationId },
      async (args) => ({ nearMisses: await view.nearMisses(args as { operationId?: never }) }),
    ),
    reading(
      'mock_coverage',
      'What the requests exercised',
      'Per operation of the contract, each documented outcome with how many requests saw it; notSeen lists those none did; repeatedPosts the identical POSTs (each a billed generation on the real service).',
      {},
      () => view.coverage(),
    ),
    served(
      {
        name: 'mock_reset',
        title: 'Reset the mock for this key',
        description: `Removes this key's rules and journal entries and ends its held requests (coverage stays: it is the run's). ${scope}`,
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        annotations: { title: 'Reset the mock for this key', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      },
      async () => {
        await view.reset();
        return toolData({ reset: true }, ["This key's rules and journal are cleared."]);
      },
    ),
  ];
}

/** A tool whose arguments are checked against its schema, and whose failures (the mock's refusals) are tool errors. */
function served(definition: Tool, run: (args: JsonObject) => Promise<CallToolResult>): ServedTool {
  return checkedTool(definition, async (args) => {
    try {
      return await run(args);
    } catch (error) {
      const field = isJsonObject(error) && typeof error.field === 'string' ? ` (field ${error.field})` : '';
      return toolError(`The mock refused or could not do it${field}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

/** Where the mock shows a key by its last four characters. */
const KEY_HINTS = new Set(['keyHint', 'x-api-key', 'authorization']);

/** The mock shows a key by its last four characters; every entry here is this server's key, so it says that instead. */
function hideKeyHints<T>(value: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isJsonObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([name, item]) => [name, KEY_HINTS.has(name) && typeof item === 'string' ? THIS_KEY : walk(item)]));
  };
  return walk(value) as T;
}
