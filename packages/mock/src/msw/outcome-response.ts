// The engine's outcomes as MSW answers: a Response, a network error, a body that breaks off, or none until the client
// gives up. Held and delayed requests are kept here, so that an abort reaches them and endPending() can end them.
import { STATUS_CODES } from 'node:http';
import { HttpResponse } from 'msw';
import { mockError, type Outcome, type PreparedAnswer } from '../engine/index.js';

/** What a resolver returns: a response, or MSW's network error (`HttpResponse.error()`). */
export type Answer = Response;

/** Statuses whose responses carry no body, whatever the answer holds. */
const bodiless = new Set([101, 103, 204, 205, 304]);

/** A Response with the answer's status, header lines (and CORS lines) and body; none for a HEAD, as node:http sends it. */
export function responseOf(answer: PreparedAnswer, cors: readonly string[], method: string, body?: ConstructorParameters<typeof Response>[0]): Response {
  const headers = new Headers();
  const lines = cors.length === 0 ? answer.headers : [...answer.headers, ...cors];
  for (let index = 0; index < lines.length; index += 2) headers.append(lines[index]!, lines[index + 1]!);
  const empty = method === 'HEAD' || bodiless.has(answer.status);
  return new Response(empty ? null : (body ?? new Uint8Array(answer.body)), { status: answer.status, statusText: STATUS_CODES[answer.status] ?? '', headers });
}

/** Requests a hang or a delay holds: each ends when its client aborts, when its time comes, or on endPending(). */
export class PendingRequests {
  // Strong references: MSW lets go of a request whose resolver waits on nothing, and its abort would never arrive.
  private readonly held = new Map<Request, () => void>();

  get size(): number {
    return this.held.size;
  }

  /** Resolves after `ms` (at once for 0), or with MSW's network error if the client aborts or endPending() runs first. */
  wait(request: Request, ms: number): Promise<Answer | undefined> {
    if (ms <= 0) return Promise.resolve(undefined);
    return this.hold(request, (settle) => {
      const timer = setTimeout(() => settle(undefined), ms);
      // A delayed answer nobody waits for any more must not keep the test process alive.
      timer.unref();
      return () => clearTimeout(timer);
    });
  }

  /** Never resolves but with MSW's network error: when the client aborts, or endPending() runs. */
  hang(request: Request): Promise<Answer> {
    return this.hold(request, () => () => undefined) as Promise<Answer>;
  }

  /** Ends every held request with a network error; returns how many there were. */
  endAll(): number {
    const ends = [...this.held.values()];
    for (const end of ends) end();
    return ends.length;
  }

  private hold(request: Request, start: (settle: (answer: Answer | undefined) => void) => () => void): Promise<Answer | undefined> {
    return new Promise((resolve) => {
      let stop: () => void = () => undefined;
      const settle = (answer: Answer | undefined) => {
        if (!this.held.delete(request)) return;
        stop();
        request.signal.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const onAbort = () => settle(HttpResponse.error());
      if (request.signal.aborted) {
        resolve(HttpResponse.error());
        return;
      }
      this.held.set(request, () => settle(HttpResponse.error()));
      request.signal.addEventListener('abort', onAbort);
      stop = start(settle);
    });
  }
}

/** A body that sends `sentBytes` of `body`, then fails as a connection cut mid-body does in fetch. */
export function truncatedBody(body: Buffer, sentBytes: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (sentBytes > 0) controller.enqueue(new Uint8Array(body.subarray(0, sentBytes)));
      // On a later turn: msw 3 writes the answer to a socket, and an error before the headers went out fails the whole fetch.
      const cut = new TypeError('terminated', { cause: new Error('The mock cut the body short (fault=truncated, simulated).') });
      setTimeout(() => controller.error(cut), 0);
    },
  });
}

/** The answer where the HTTP mock would load Prism: MSW handlers run without it, as the compiled-only mock does. */
export function withoutPrism(operation: { name: string; prismReason: string | undefined }): PreparedAnswer {
  const why = operation.prismReason ?? 'the request prefers a generated body (Prefer: dynamic=true)';
  return mockError('not-compiled', 501, `Prism answers this request to ${operation.name}`, why);
}

/** The Response for an outcome that is no answer of the engine's own making. */
export async function perform(outcome: Outcome, request: Request, pending: PendingRequests): Promise<Answer> {
  if (outcome.kind === 'hang') return pending.hang(request);
  const ended = await pending.wait(request, outcome.delayMs);
  if (ended !== undefined) return ended;
  switch (outcome.kind) {
    case 'answer':
      return responseOf(outcome.answer, outcome.cors, request.method);
    case 'truncated':
      return responseOf(outcome.answer, outcome.cors, request.method, truncatedBody(outcome.answer.body, outcome.sentBytes));
    case 'reset':
      return HttpResponse.error();
    case 'prism': {
      const answer = withoutPrism(outcome.operation);
      outcome.settle(answer.status, undefined);
      return responseOf(answer, outcome.cors, request.method);
    }
  }
}
