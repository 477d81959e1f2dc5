// The pipeline's outcomes as Fetch answers (what an MSW resolver returns): a Response, a network error
// (`Response.error()`, which MSW turns into one), a body that breaks off, or none until the client gives up. Held and
// delayed requests are registered with the test double's pending set, so that an abort reaches them and a reset or
// endPending() ends them.
import type { PendingRequests } from '../double/pending.js';
import { type FailureLog, failedAnswer } from '../http/answer-failure.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import { STATUS_TEXT } from '../http/status-text.js';
import type { Outcome } from '../pipeline/outcome.js';

/** Statuses whose responses carry no body, whatever the answer holds. */
const bodiless = new Set([101, 103, 204, 205, 304]);

/** A Response with the answer's status, header lines (and CORS lines) and body; none for a HEAD, as node:http sends it. */
export function responseOf(answer: PreparedAnswer, cors: readonly string[], method: string, body?: ConstructorParameters<typeof Response>[0]): Response {
  const headers = new Headers();
  const lines = cors.length === 0 ? answer.headers : [...answer.headers, ...cors];
  for (let index = 0; index < lines.length; index += 2) headers.append(lines[index]!, lines[index + 1]!);
  const empty = method === 'HEAD' || bodiless.has(answer.status);
  return new Response(empty ? null : (body ?? new Uint8Array(answer.body)), { status: answer.status, statusText: STATUS_TEXT[answer.status] ?? '', headers });
}

/**
 * The Response `answer` makes, or the labelled 500 (logged once by `log`) when making it fails: a resolver that throws
 * would get MSW's own 500, with a stack trace in its body.
 */
export async function answerSafely(request: Request, log: FailureLog, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    log(`${request.method} ${new URL(request.url).pathname}`, error);
    return responseOf(failedAnswer(error), [], request.method);
  }
}

/** The Response for an outcome; a held or delayed request is registered under its key until it settles. */
export async function perform(outcome: Outcome, request: Request, pending: PendingRequests): Promise<Response> {
  if (outcome.kind === 'hang') return hold(request, pending, outcome.key, () => () => undefined) as Promise<Response>;
  if (outcome.delayMs > 0) {
    const ended = await hold(request, pending, outcome.key, (settle) => {
      const timer = setTimeout(() => settle(undefined), outcome.delayMs);
      // A delayed answer nobody waits for any more must not keep the test process alive (a page's timer is a number).
      timer.unref?.();
      return () => clearTimeout(timer);
    });
    if (ended !== undefined) return ended;
  }
  switch (outcome.kind) {
    case 'answer':
      return responseOf(outcome.answer, outcome.cors, request.method);
    case 'truncated':
      return responseOf(outcome.answer, outcome.cors, request.method, truncatedBody(outcome.answer.body, outcome.sentBytes));
    case 'reset':
      return Response.error();
  }
}

/**
 * Holds `request` until `start`'s timer settles it (with `undefined`), or with a network error when the client aborts
 * or the test double ends it. `start` returns how to stop its timer.
 */
function hold(
  request: Request,
  pending: PendingRequests,
  key: string | undefined,
  start: (settle: (answer: Response | undefined) => void) => () => void,
): Promise<Response | undefined> {
  if (request.signal.aborted) return Promise.resolve(Response.error());
  return new Promise((resolve) => {
    let stop: () => void = () => undefined;
    let settled = false;
    const settle = (answer: Response | undefined) => {
      if (settled) return;
      settled = true;
      release();
      stop();
      request.signal.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const onAbort = () => settle(Response.error());
    // The set holds the request strongly: MSW lets go of a resolver that waits on nothing, and its abort would never arrive.
    const release = pending.hold(key, () => settle(Response.error()));
    request.signal.addEventListener('abort', onAbort);
    stop = start(settle);
  });
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
