// A billed call is put to the user through MCP elicitation before anything is sent: the client shows the message and
// a form, and only the user's "confirm" lets the request go. The message is built from the arguments as data (each
// value JSON-quoted), so text the model wrote cannot pose as part of the server's own words.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JsonObject } from '@thumbnail-api/spec/model';

/** Where calls go, as the user must know it before confirming. */
export interface CallTarget {
  /** Whether the calls reach the real service (billed) or a mock (a dry run). */
  readonly billed: boolean;
  /** The base URL, e.g. `https://api.example.com` or the mock's. */
  readonly url: string;
}

/** What the user is asked about. */
export interface ConfirmationRequest {
  readonly toolName: string;
  readonly title: string;
  readonly fields: JsonObject;
  /** Which create this is, counting from 1, and the most the server may send. */
  readonly number: number;
  readonly max: number;
  readonly target: CallTarget;
}

export type Confirmation = { readonly confirmed: true } | { readonly confirmed: false; readonly why: string };

/** How long the user has to answer; the hold on the budget is kept meanwhile. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

/** How a call reaches the user of its session. */
export interface UserChannel {
  /** Whether the client said (when it initialized) that it can show the user a form: MCP form elicitation. */
  canAsk(): boolean;
  /** Asks the user; resolves with their answer, or why nothing may be sent. */
  ask(request: ConfirmationRequest, signal: AbortSignal): Promise<Confirmation>;
}

/** The user channel of a session's server. */
export function userChannelOf(server: Server): UserChannel {
  return {
    canAsk: () => server.getClientCapabilities()?.elicitation?.form !== undefined,
    ask: (request, signal) => askUser(server, request, signal),
  };
}

/** The message the user reads. */
export function confirmationMessage(request: ConfirmationRequest): string {
  const where = request.target.billed
    ? `It goes to the Thumbnail API at ${request.target.url}, which may generate a thumbnail and bill it. This cannot be undone.`
    : `It goes to the mock at ${request.target.url} (a dry run): nothing is generated or billed.`;
  const fields = Object.entries(request.fields).map(([name, value]) => `  ${name}: ${JSON.stringify(value)}`);
  const left = request.max - request.number;
  return [
    `${request.title} (${request.toolName})?`,
    where,
    `What will be sent:\n${fields.join('\n')}`,
    `Budget: this is create ${request.number} of at most ${request.max} this server may send; ${left} left after it.`,
    'Confirm to send it; decline to send nothing.',
  ].join('\n\n');
}

/** Asks the user; resolves with their answer, or why nothing may be sent (declined, dismissed, no answer). */
async function askUser(server: Server, request: ConfirmationRequest, signal: AbortSignal): Promise<Confirmation> {
  // No `default` on purpose: a client that applies defaults must not confirm on the user's behalf.
  const requestedSchema = {
    type: 'object' as const,
    properties: {
      confirm: {
        type: 'boolean' as const,
        title: request.target.billed ? 'Send it (billed)' : 'Send it to the mock',
        description: 'Tick to send this request; leave it or decline to send nothing.',
      },
    },
    required: ['confirm'],
  };
  try {
    const answer = await server.elicitInput({ mode: 'form', message: confirmationMessage(request), requestedSchema }, { signal, timeout: ANSWER_TIMEOUT_MS });
    if (answer.action === 'accept' && answer.content?.confirm === true) return { confirmed: true };
    if (answer.action === 'cancel') return { confirmed: false, why: 'the user dismissed the confirmation' };
    return { confirmed: false, why: 'the user declined' };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    return { confirmed: false, why: `the user's confirmation could not be had (${said})` };
  }
}
