// The life of one attempt: its time limit, the caller's signal, and the wait before the next attempt.

/** One attempt's signal, aborted by its time limit or by the caller's signal. */
export type Attempt = ReturnType<typeof startAttempt>;

/** Starts an attempt with a fresh signal: one that already fired would abort every later attempt at once. */
export function startAttempt(timeoutMs: number, userSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(userSignal?.reason);
  userSignal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => {
    attempt.timedOut = true;
    controller.abort();
  }, timeoutMs);
  const attempt = {
    signal: controller.signal,
    timedOut: false,
    /** Called when the attempt ends early, e.g. to cancel a body being read (a fetch may ignore the signal). */
    onEnd: undefined as (() => void) | undefined,
    /** Stops the timer and lets go of the caller's signal. */
    release() {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onAbort);
    },
    /** Releases the attempt and aborts its request: whatever is still on its way is dropped, with its connection. */
    end() {
      attempt.release();
      // (not on every call: an abort costs some 40 µs on Node 20)
      controller.abort();
      attempt.onEnd?.();
    },
  };
  return attempt;
}

/**
 * Settles with `work`, or rejects once `signal` aborts: a custom fetch may ignore the signal, and Node 20 and 22's
 * fetch never settles the body of a response that declares gzip but is not, even when aborted.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Waits `ms`, or less when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}
