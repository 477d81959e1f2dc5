// The life of one attempt, and of the wait before the next: a time limit, and the caller's signal.

/** One attempt's signal, aborted by its time limit or by the caller's signal. */
export type Attempt = ReturnType<typeof startAttempt>;

/** Starts an attempt with a fresh signal: one that already fired would abort every later attempt at once. */
export function startAttempt(timeoutMs: number, userSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let fail: (reason: unknown) => void = () => undefined;
  const stop = (reason?: unknown) => {
    controller.abort(reason);
    fail(controller.signal.reason);
  };
  const onAbort = () => stop(userSignal?.reason);
  userSignal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => {
    attempt.timedOut = true;
    stop();
  }, timeoutMs);
  const attempt = {
    signal: controller.signal,
    timedOut: false,
    /** Rejects when the signal fires: raced, as a fetch may ignore the signal (and Node 20-22's never settles a body that is not the gzip it says). */
    stopped: new Promise<never>((_, reject) => {
      fail = reject;
    }),
    /** Called when the attempt is dropped, e.g. to cancel a body being read (a fetch may ignore the signal). */
    onDrop: undefined as (() => void) | undefined,
    /** Stops the timer and lets go of the caller's signal; `drop` also aborts the request, dropping what is left of it with its connection. */
    finish(drop: boolean) {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onAbort);
      // (not on every call: an abort costs some 40 µs on Node 20)
      if (!drop) return;
      controller.abort();
      attempt.onDrop?.();
    },
  };
  return attempt;
}
