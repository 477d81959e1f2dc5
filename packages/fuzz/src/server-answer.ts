// What a hostile server answers to one attempt, as data: fast-check generates it, the server plays it, and the
// retry model reads it.

/** How the bytes of a body reach the client. */
export type Delivery =
  /** In one write. */
  | { kind: 'whole' }
  /** In pieces of `chunkSize` bytes, `delayMs` apart: slow to arrive. */
  | { kind: 'trickle'; chunkSize: number; delayMs: number }
  /** The first `fraction` of the body, then the connection is closed (`end`) or reset (`reset`). */
  | { kind: 'cut'; fraction: number; how: 'end' | 'reset' }
  /** The first `fraction` of the body, then nothing: only the client's time limit ends the wait. */
  | { kind: 'stall'; fraction: number }
  /** The body again and again (chunked), for as long as the client reads: only its size limit ends it. */
  | { kind: 'endless' };

/** Interim (1xx) responses node can send before the final one. */
export type Interim = 'continue' | 'processing' | 'early-hints';

/** A response written through node:http. */
export interface HttpAnswer {
  kind: 'response';
  status: number;
  /** Reason phrase; `undefined` lets node pick the standard one. */
  statusText: string | undefined;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Uint8Array;
  /** `exact`: Content-Length of the body; `chunked`: none; `overstated`: a larger Content-Length, then the connection closes. */
  length: 'exact' | 'chunked' | 'overstated';
  delivery: Delivery;
  interim: readonly Interim[];
}

/** Bytes written straight to the socket: status codes node refuses to write, malformed HTTP, HTTP/1.0. */
export interface RawAnswer {
  kind: 'raw';
  text: string;
  /** The status a fetch client reads from it; `undefined` when it is no valid response. */
  parsedStatus: number | undefined;
  /** The body a fetch client reads, when it is a valid response. */
  body: string;
  /** Leave the connection open afterwards (after an interim response: only the time limit ends the wait). */
  keepOpen: boolean;
}

/** One attempt's answer. */
export type ServerAnswer =
  | HttpAnswer
  | RawAnswer
  /** No answer: the connection is closed (`end`) or reset (`reset`) once the request has arrived. */
  | { kind: 'drop'; how: 'end' | 'reset' }
  /** No answer at all, the connection stays open: only the client's time limit ends the wait. */
  | { kind: 'silence' };

/** What the client's retry policy makes of one answer, for a call that may still retry. */
export type AnswerClass =
  /** Retried when attempts are left: a connection failure, a timeout, 408, 429 or >= 500. */
  | 'retry'
  /** Ends the call: a complete non-retryable response. */
  | 'final'
  /** Either, depending on timing or on how the body is decoded (a trickle near the time limit, a corrupt encoding). */
  | 'either';

/** Statuses whose responses have no body for a fetch client, whatever the server writes. */
export const NO_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Response header bytes a fetch client accepts (undici's default, node's --max-http-header-size). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Whether a status is retryable under the client's documented policy (README "Retries"). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * How the client's documented policy classes an answer. README: "Each attempt has timeoutMs until the whole
 * body has arrived"; "Retried: connection errors, timeouts, 408, 429 and every status >= 500". So a body that
 * never arrives in full is retryable whatever the status. `tight` when a trickle may outlast the time limit.
 */
export function classify(answer: ServerAnswer, tight = false, limit = Number.POSITIVE_INFINITY): AnswerClass {
  switch (answer.kind) {
    case 'drop':
    case 'silence':
      return 'retry';
    case 'raw':
      return answer.keepOpen || answer.parsedStatus === undefined || isRetryableStatus(answer.parsedStatus) ? 'retry' : 'final';
    case 'response': {
      if (refusesInterim(answer)) return 'either';
      // An answer past the size limit ends the call: it is not retried, whatever its status.
      const size = passesLimit(answer, limit);
      if (!size.certain) return 'either';
      // (with a short time limit, reading up to the limit may take longer than the limit)
      if (size.passes) return tight ? 'either' : 'final';
      if (headerBytes(answer) > MAX_HEADER_BYTES || isRetryableStatus(answer.status) || !isComplete(answer) || fetchDropsStatus(answer)) return 'retry';
      // A reset right after a complete body-less response may make the kernel drop the bytes before fetch reads them.
      if (!hasBody(answer)) return answer.delivery.kind === 'cut' && answer.delivery.how === 'reset' ? 'either' : 'final';
      if (declaresEncoding(answer)) return 'either';
      return tight && answer.delivery.kind === 'trickle' ? 'either' : 'final';
    }
  }
}

/**
 * Whether node's fetch (undici) mishandles the response: it refuses a 100 Continue it did not ask for ("bad
 * response"; RFC 9110 says clients must accept it), and on a reused connection may read it as the start of a body.
 * Either way the client ends with a typed error, but which one depends on undici.
 */
export function refusesInterim(answer: HttpAnswer): boolean {
  return answer.interim.includes('continue');
}

/**
 * Whether node's fetch turns the response into a network error as soon as its headers arrive: a 407 Proxy
 * Authentication Required, as the Fetch standard says for a request with no window. The client reports it as
 * a connection failure that names 407.
 */
export function fetchDropsStatus(answer: HttpAnswer): boolean {
  return answer.status === PROXY_AUTHENTICATION_REQUIRED;
}
export const PROXY_AUTHENTICATION_REQUIRED = 407;

/** Whether the answer declares a Content-Encoding: fetch decodes the body, and may fail on any bytes of it. */
export function declaresEncoding(answer: HttpAnswer): boolean {
  return answer.headers.some(([name]) => name.toLowerCase() === 'content-encoding');
}

/** Whether the client has a body to read. */
export function hasBody(answer: HttpAnswer): boolean {
  return !NO_BODY_STATUSES.has(answer.status) && (answer.body.length > 0 || answer.length !== 'exact' || answer.delivery.kind === 'endless');
}

/**
 * Whether the client's size limit ends the answer, as its README says: "past it, or when the Content-Length already
 * says so". Not `certain` when the connection may break before the client has counted past the limit (a reset right
 * after the bytes), or when the body declares an encoding whose decoded length is not known here (fuzzed bytes that
 * decode at all are taken to grow no more than eightfold).
 */
export function passesLimit(answer: HttpAnswer, limit: number): { passes: boolean; certain: boolean } {
  if (!hasBody(answer) || headerBytes(answer) > MAX_HEADER_BYTES || fetchDropsStatus(answer)) return { passes: false, certain: true };
  // (fetch may refuse the answer at its 100 Continue, or read it as the start of the body)
  if (refusesInterim(answer)) return { passes: false, certain: false };
  const delivery = answer.delivery;
  if (declaresEncoding(answer)) return { passes: false, certain: delivery.kind !== 'endless' && limit >= 8 * (answer.body.length + 1024) };
  const declared = answer.length === 'exact' ? answer.body.length : answer.length === 'overstated' ? answer.body.length + 100 : undefined;
  if (declared !== undefined && declared > limit) return { passes: true, certain: true };
  if (delivery.kind === 'endless') return { passes: true, certain: true };
  const sent = delivery.kind === 'cut' || delivery.kind === 'stall' ? Math.floor(answer.body.length * delivery.fraction) : answer.body.length;
  if (sent <= limit) return { passes: false, certain: true };
  return { passes: true, certain: !(delivery.kind === 'cut' && delivery.how === 'reset') };
}

/** Whether the whole response reaches the client, if it waits long enough. */
export function isComplete(answer: HttpAnswer): boolean {
  if (!hasBody(answer)) return true;
  return (answer.delivery.kind === 'whole' || answer.delivery.kind === 'trickle') && answer.length !== 'overstated';
}

/** Bytes of the generated header lines (node adds a few short ones). */
export function headerBytes(answer: HttpAnswer): number {
  return answer.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
}

/** The answer attempt number `attempt` (1-based) gets: the script's last answer repeats. */
export function answerFor(script: readonly ServerAnswer[], attempt: number): ServerAnswer {
  return script[Math.min(attempt, script.length) - 1]!;
}

/**
 * The numbers of attempts the retry rules allow for a script: the call stops at the first final answer or when
 * `maxAttempts` are spent; an `either` answer may end it or not.
 */
export function allowedAttempts(script: readonly ServerAnswer[], maxAttempts: number, tight = false, limit = Number.POSITIVE_INFINITY): number[] {
  const allowed: number[] = [];
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const cls = classify(answerFor(script, attempt), tight, limit);
    if (attempt === maxAttempts || cls === 'final') {
      allowed.push(attempt);
      break;
    }
    if (cls === 'either') allowed.push(attempt);
  }
  return allowed;
}
