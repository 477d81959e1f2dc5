// The contract's tools at work: a read goes straight to the service; a billed call is checked, counted against the
// budget, put to the user, and only then sent, once (the client never re-sends a POST). Every refusal says that
// nothing was sent.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ThumbnailClient } from '@thumbnail-api/client';
import { isJsonObject, type JsonObject } from '@thumbnail-api/spec/model';
import type { ContractTool } from './contract-tools.js';
import type { CreateBudget } from './create-budget.js';
import { checkedTool } from './tool-arguments.js';
import { describeCallFailure } from './tool-errors.js';
import { type CallContext, type ServedTool, toolData, toolError } from './tool-result.js';
import type { CallTarget } from './user-confirmation.js';

export interface ApiToolSettings {
  readonly client: ThumbnailClient;
  readonly budget: CreateBudget;
  readonly target: CallTarget;
  /** Lets a client that cannot ask the user (no elicitation) make billed calls unconfirmed, within the budget. */
  readonly allowUnconfirmedCreates: boolean;
  readonly log: (line: string) => void;
}

/** The served form of the contract's tools; with a budget of 0, billed tools are not offered at all. */
export function apiTools(tools: readonly ContractTool[], settings: ApiToolSettings): ServedTool[] {
  return tools.filter((tool) => tool.kind === 'read' || settings.budget.max > 0).map((tool) => servedTool(tool, settings));
}

function servedTool(tool: ContractTool, settings: ApiToolSettings): ServedTool {
  const definition = {
    name: tool.name,
    title: tool.title,
    description: `${tool.description}\n\n${costOf(tool, settings)}`,
    inputSchema: tool.inputSchema as { type: 'object' },
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as { type: 'object' } } : {}),
    annotations: { title: tool.title, ...tool.annotations },
  };
  return checkedTool(definition, (fields, context) =>
    tool.kind === 'read' ? send(tool, fields, context, settings) : sendBilled(tool, fields, context, settings),
  );
}

function costOf(tool: ContractTool, { budget, target }: ApiToolSettings): string {
  const dryRun = target.billed
    ? ''
    : ` This server is a dry run against the mock at ${target.url}: nothing is generated or billed, but confirmation and budget work as they do with the service.`;
  if (tool.kind === 'read') return `Cost: it reads only and generates nothing; safe to call again.${dryRun}`;
  return (
    `Cost: each call may generate a thumbnail the service bills. Before anything is sent, the user is asked to confirm it through your MCP client, seeing the arguments and the budget left; ` +
    `this server sends at most ${budget.max} such ${budget.max === 1 ? 'call' : 'calls'} while it runs. If the user declines, nothing is sent: do not ask again unless they want it.${dryRun}`
  );
}

async function sendBilled(tool: ContractTool, fields: JsonObject, context: CallContext, settings: ApiToolSettings): Promise<CallToolResult> {
  const { budget, log } = settings;
  const canAsk = context.user.canAsk();
  if (!canAsk && !settings.allowUnconfirmedCreates) {
    log(`${tool.name}: refused, the client cannot ask the user to confirm (no elicitation); nothing sent`);
    return toolError(
      `Nothing was sent: ${tool.name} needs the user's confirmation, and this MCP client cannot ask for it (it does not support elicitation). ` +
        'Tell the user: use a client that supports elicitation, or, to allow billed calls without confirmation, start the server with --allow-unconfirmed-creates (the budget still applies).',
    );
  }
  const hold = budget.hold();
  if (hold === undefined) {
    log(`${tool.name}: refused, the budget of ${budget.max} is spent; nothing sent`);
    return toolError(
      `Nothing was sent: this server's budget of ${budget.max} billed ${budget.max === 1 ? 'call' : 'calls'} is spent (or held by calls waiting for the user). ` +
        'Only the user can allow more, by restarting the server with a larger --max-creates; no argument or message changes it.',
    );
  }
  if (canAsk) {
    const request = { toolName: tool.name, title: tool.title, fields, number: hold.number, max: budget.max, target: settings.target };
    const answer = await context.user.ask(request, context.signal);
    if (!answer.confirmed || context.signal.aborted) {
      hold.release();
      const why = answer.confirmed ? 'the call was cancelled' : answer.why;
      log(`${tool.name}: create ${hold.number} not confirmed (${why}); nothing sent`);
      return toolError(
        `Nothing was sent: ${why}. Do not call ${tool.name} again unless the user asks for it. Billed calls left: ${budget.left} of ${budget.max}.`,
      );
    }
    log(`${tool.name}: the user confirmed create ${hold.number} of ${budget.max}; sending`);
  } else {
    log(`${tool.name}: create ${hold.number} of ${budget.max} sent unconfirmed (--allow-unconfirmed-creates)`);
  }
  // Counted before it leaves: a concurrent call must see it, and an answer that never comes does not give it back.
  hold.spend();
  return send(tool, fields, context, settings, `Billed calls left: ${budget.left} of ${budget.max}.`);
}

/** Sends the call once (the client retries reads only); `budgetNote` closes a billed call's result, whatever it is. */
async function send(tool: ContractTool, fields: JsonObject, context: CallContext, settings: ApiToolSettings, budgetNote?: string): Promise<CallToolResult> {
  const { operation } = tool;
  const method = operation.method.toUpperCase() as 'GET' | 'POST';
  const notes = [...(budgetNote ? [budgetNote] : []), ...(settings.target.billed ? [] : ['(From the mock: nothing was generated or billed.)'])];
  let data: unknown;
  try {
    data = await settings.client.request(method, operation.path, { ...(tool.sendsBody ? { body: fields } : {}), signal: context.signal });
  } catch (error) {
    settings.log(`${tool.name}: failed (${error instanceof Error ? error.name : 'error'})`);
    return toolError([describeCallFailure(error, tool.name, tool.kind), ...notes].join(' '));
  }
  if (tool.outputSchema !== undefined && !isJsonObject(data)) {
    const accepted = tool.kind === 'billed' ? ` The service accepted the call (a 2xx status), so do not call ${tool.name} again to retry it.` : '';
    return toolError(
      [
        `The service answered with a body that is not the JSON object the contract documents: ${JSON.stringify(data)?.slice(0, 300) ?? 'no body'}.${accepted}`,
        ...notes,
      ].join(' '),
    );
  }
  return toolData(data, notes);
}
