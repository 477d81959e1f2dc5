// What create(), list() and request() return: a promise of the parsed body that also hands out the answer itself
// (`.withResponse()`, `.asResponse()`), as openai-node's APIPromise does. It parses the body only when asked for; how
// to parse it is the caller's (parse-body.ts for every call of the client).
import { requestIdOf } from './errors.js';
import { type Answer, answerOver, type BodyMode } from './transport.js';

/** What `.withResponse()` resolves to. */
export interface WithResponse<T> {
  /** The parsed body: what awaiting the call gives. */
  data: T;
  /** The final attempt's answer: status, headers, `url`; its body already read into `data`. */
  response: Response;
  /**
   * The answer's request id, read from a common header (`x-request-id`, `request-id`, `x-correlation-id`,
   * `x-amzn-requestid`, `cf-ray`), or `null`: the service documents no request-id header, so this is our assumption.
   */
  requestId: string | null;
}

type Bytes = Uint8Array<ArrayBuffer>;

// The promise's own value is never read (every way of reading it goes through the answer): settled at once, by one
// function for all calls.
const settled = (resolve: (value: never) => void) => resolve(undefined as never);

/**
 * A call's promise. `await` it for the parsed body, as before; `.withResponse()` for `{ data, response, requestId }`;
 * `.asResponse()` for the final attempt's `Response`, its body unread. Failures are the same typed errors every way.
 */
export class APIPromise<T> extends Promise<T> {
  // Every promise made from this one (then, catch, finally) is a plain Promise.
  static override get [Symbol.species]() {
    return Promise;
  }

  readonly #answer: Promise<Answer>;
  readonly #parse: (bytes: Bytes | null, response: Response) => T;
  readonly #mode: BodyMode;
  #parsed: Promise<T> | undefined;

  /** @internal `answer` rejects with the typed error of any answer that is not a 2xx; `parse` reads a 2xx body or throws. */
  constructor(answer: Promise<Answer>, parse: (bytes: Bytes | null, response: Response) => T, mode: BodyMode) {
    super(settled);
    this.#answer = answer;
    this.#parse = parse;
    this.#mode = mode;
  }

  /** The parsed body, the final attempt's `Response` (its body read) and the answer's request id, if it carries one. */
  withResponse(): Promise<WithResponse<T>> {
    return Promise.all([this.#data(), this.#answer]).then(([data, { response }]) => ({
      data,
      response,
      requestId: requestIdOf(response.headers) ?? null,
    }));
  }

  /**
   * The final attempt's `Response`, its body unread: read it as you like; the time limit, the caller's signal and
   * `maxResponseBytes` still apply until it ends (the stream then errors with the same typed errors), and cancelling it
   * drops the connection. Not parsed: a 2xx body that is not JSON is yours to judge. Statuses that are not 2xx throw.
   */
  asResponse(): Promise<Response> {
    // Set before the answer arrives (the usual case), its body is never read by the client.
    this.#mode.unread = true;
    return this.#answer.then(({ response, bytes }) => {
      if (bytes === null) return response;
      // Asked for late, after the body was read: the same answer over those bytes.
      return answerOver(bytes, response);
    });
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass; awaiting it parses the body.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: the signature of Promise.prototype.then, which this overrides.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#data().then(onfulfilled, onrejected);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above.
  override catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#data().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#data().finally(onfinally);
  }

  #data(): Promise<T> {
    this.#parsed ??= this.#answer.then(({ response, bytes }) =>
      // Handed on unread (`.asResponse()` too): read through a copy, so the Response given out keeps its body.
      bytes === null && response.body !== null
        ? response
            .clone()
            .arrayBuffer()
            .then((read) => this.#parse(new Uint8Array(read), response))
        : this.#parse(bytes, response),
    );
    return this.#parsed;
  }
}
