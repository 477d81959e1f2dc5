// One attempt's life, and the wait before the next: a time limit and the caller's signal; and reading an answer's body
// within maxResponseBytes, stopped when its attempt is.

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * One attempt, started when made: a fresh signal (one that already fired would abort every later attempt at once),
 * aborted by its time limit or the caller's signal, until `finish`.
 */
export class Attempt {
  readonly signal: AbortSignal;
  timedOut = false;
  /** Called when the attempt is dropped, to cancel a body being read (a plain hook: a listener on the signal costs some µs per call on Node 20). */
  onDrop: (() => void) | undefined = undefined;
  readonly #controller = new AbortController();
  readonly #userSignal: AbortSignal | undefined;
  readonly #onAbort: (() => void) | undefined;
  /** Whether the time limit or the caller's signal stopped the attempt. */
  #stopped = false;
  /** Rejects what `settle` hands out, when the attempt is stopped. */
  #fail: ((reason: unknown) => void) | undefined = undefined;
  /**
   * The time limit: a timer of the attempt's own, cleared when it ends (as ky and openai-node do), so the client keeps no
   * state across calls; it keeps a Node.js process alive while the attempt is in flight, and in workerd it belongs to the
   * request that made the call.
   */
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(timeoutMs: number, userSignal: AbortSignal | undefined) {
    this.signal = this.#controller.signal;
    this.#userSignal = userSignal;
    if (userSignal) {
      this.#onAbort = () => this.#stop(userSignal.reason);
      userSignal.addEventListener('abort', this.#onAbort);
    }
    this.#timer = setTimeout(() => {
      this.timedOut = true;
      this.#stop(undefined);
    }, timeoutMs);
  }

  /**
   * `work`, unless the attempt is stopped first: then a rejection with the signal's reason, as a fetch may ignore the
   * signal (and Node 20-22's never settles a body that is not the gzip it says). One at a time.
   */
  settle<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#stopped) reject(this.signal.reason);
      else this.#fail = reject;
      work.then(resolve, reject);
    });
  }

  /** Stops the time limit and lets go of the caller's signal; `drop` also aborts the request, dropping what is left of it with its connection. */
  finish(drop: boolean): void {
    clearTimeout(this.#timer);
    if (this.#onAbort) this.#userSignal!.removeEventListener('abort', this.#onAbort);
    // (not on every call: an abort costs some 40 µs on Node 20)
    if (!drop) return;
    this.#controller.abort();
    this.onDrop?.();
  }

  #stop(reason: unknown): void {
    this.#stopped = true;
    this.#controller.abort(reason);
    this.#fail?.(this.signal.reason);
  }
}

/** Waits `delay` ms before a retry, or less when the caller's signal fires; never rejects (the caller checks its signal). */
export function pause(delay: number, userSignal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (userSignal?.aborted) return resolve();
    // A timer of its own, which keeps the process alive while the call waits, as an attempt's connection does.
    const timer = setTimeout(done, delay);
    userSignal?.addEventListener('abort', done);
    function done() {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Reads a body whole, but past `limit` bytes throws `tooLarge` of its first 4 KB; cancelled when its attempt is dropped (a fetch may ignore the signal), or it could hold its connection. */
export async function readBody(response: Response, limit: number, attempt: Attempt, tooLarge: (excerpt: Bytes) => Error): Promise<Bytes> {
  const body = response.body as ReadableStream<Bytes>;
  // A declared length over the limit needs no reading (with a Content-Encoding it is the encoded length: count instead).
  if (Number(response.headers.get('content-length')) > limit && !response.headers.has('content-encoding')) {
    void body.cancel().catch(() => undefined);
    throw tooLarge(new Uint8Array());
  }
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  // (dropped already when a fetch that ignores the signal answers after the attempt's time limit)
  if (attempt.signal.aborted) stop();
  else attempt.onDrop = stop;
  const chunks: Bytes[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    size += read.value.byteLength;
    if (size > limit) {
      stop();
      throw tooLarge(new Uint8Array(await new Blob(chunks).slice(0, 4096).arrayBuffer()));
    }
  }
  return chunks.length === 1 ? chunks[0]! : new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/**
 * A 2xx body handed to the caller unread (`.asResponse()`), still under its attempt: the time limit and the caller's
 * signal run until it ends, past `limit` bytes it errors with `tooLarge`, and cancelling it drops the connection.
 */
export function guardedBody(
  response: Response,
  limit: number,
  attempt: Attempt,
  failed: (failure: unknown) => Error,
  tooLarge: (excerpt: Bytes) => Error,
): ReadableStream<Bytes> {
  const reader = (response.body as ReadableStream<Bytes>).getReader();
  attempt.onDrop = () => void reader.cancel().catch(() => undefined);
  let size = 0;
  // What a ResponseTooLargeError shows: the body's first 4 KB, as far as they came in the first chunk.
  let start: Bytes | undefined;
  return new ReadableStream<Bytes>(
    {
      async pull(controller) {
        try {
          // Raced: a fetch may ignore the signal, and its body would then outlive the time limit.
          const read = await attempt.settle(reader.read());
          if (read.done) {
            attempt.finish(false);
            controller.close();
            return;
          }
          size += read.value.byteLength;
          start ??= read.value.slice(0, 4096);
          if (size > limit) {
            attempt.finish(true);
            controller.error(tooLarge(start));
            return;
          }
          controller.enqueue(read.value);
        } catch (failure) {
          attempt.finish(true);
          controller.error(failed(failure));
        }
      },
      cancel() {
        attempt.finish(true);
      },
    },
    { highWaterMark: 0 },
  );
}
