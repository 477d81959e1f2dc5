// The control surface over fetch, as WireMock's HttpAdminClient: a member of the test double carried out by its route of
// the table (control-routes.ts), with no URL of its own, and the route's refusals made into the same errors the double
// throws in this process.
import { MockKeyRequiredError } from '../double/key-scope.js';
import { MockRuleError } from '../double/rule-check.js';
import { type ControlInput, type ControlMember, type ControlRoute, routeOf } from './control-routes.js';

/** A control request the mock did not carry out: unreachable, no control surface there, or an unexpected answer. */
export class MockControlError extends Error {
  constructor(
    message: string,
    /** The status the mock answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MockControlError';
  }
}

/** Control requests are answered at once; one that takes longer than this is a mock in trouble. */
const controlTimeoutMs = 10_000;

/** The control surface of the mock at `base` (its base URL, without a trailing slash). */
export class ControlClient {
  constructor(readonly base: string) {}

  /**
   * Carries out `member` with `input` by its route: resolves with what the member answers (the answer's field the table
   * names; a rule's handle); rejects with the double's errors, or a {@link MockControlError}.
   */
  async call(member: ControlMember, input: ControlInput = {}): Promise<unknown> {
    const route = routeOf(member);
    const path = pathOf(route, input);
    const response = await this.fetch(route.method, path, route.body === undefined ? undefined : input.body);
    const text = await response.text();
    if (response.status === 404 && route.absentIsDone) return undefined;
    const answer = text === '' ? undefined : parse(text);
    if (!response.ok) throw this.refusal(route, path, response.status, answer, text);
    const value = route.answer.field === undefined || answer === undefined ? answer : (answer as Record<string, unknown>)[route.answer.field];
    if (route.handle === undefined) return value;
    const handle = route.handle;
    return { id: value, remove: async () => void (await this.call(handle, { id: value as string, key: input.key })) };
  }

  private async fetch(method: string, path: string, body: unknown): Promise<Response> {
    try {
      return await fetch(`${this.base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(controlTimeoutMs),
      });
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new MockControlError(
        `No mock answered ${method} ${this.base}${path.split('?')[0]} (${cause}). Start it (npx @thumbnail-api/mock), or check the URL connectMock() was given.`,
      );
    }
  }

  /** The error a refused control request becomes: the double's own where the route says which, else a MockControlError. */
  private refusal(route: ControlRoute, path: string, status: number, answer: unknown, text: string): Error {
    const said = answer as { error?: unknown; field?: unknown; keyRequired?: unknown; title?: unknown; detail?: unknown } | undefined;
    if (status === 400 && typeof said?.error === 'string' && typeof said.field === 'string') return new MockRuleError(said.error, said.field);
    if (status === 400 && typeof said?.error === 'string' && said.keyRequired === true) return new MockKeyRequiredError(said.error);
    const where = `${route.method} ${this.base}${path.split('?')[0]}`;
    if (status === 404) {
      return new MockControlError(
        `${where} answered 404: ${this.base} has no control surface. Is it the Thumbnail API mock, started without --no-control (or control: false)?`,
        status,
      );
    }
    // The routes say `error`; a refusal before them (a Host or Origin the mock does not answer) is the mock's problem+json.
    const message = typeof said?.error === 'string' ? said.error : typeof said?.detail === 'string' ? `${said.title} ${said.detail}` : text.slice(0, 300);
    return new MockControlError(`${where} answered ${status}: ${message}`, status);
  }
}

/** The route's path with its `{id}` and the query parameters it reads that `input` gives. */
function pathOf(route: ControlRoute, input: ControlInput): string {
  const path = input.id === undefined ? route.path : route.path.replace('{id}', encodeURIComponent(input.id));
  const query = route.query.flatMap((name) => (input[name] === undefined ? [] : [`${name}=${encodeURIComponent(input[name])}`]));
  return query.length === 0 ? path : `${path}?${query.join('&')}`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
