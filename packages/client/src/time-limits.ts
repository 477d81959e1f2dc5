// The time limits of the attempts in flight, all on one timer armed for the earliest of them, instead of a timer set and
// cleared per attempt: on Node.js 20 that costs several µs a call, as Node builds and drops its list of timers of that
// duration each time. With one timeoutMs, a new attempt's limit falls after those in flight, so the timer is rarely moved.
// Only where timers are Node's (objects with unref: Node.js, Bun), learnt from the first timer set. Elsewhere (browsers,
// Deno, workerd, whose timers are numbers) each attempt keeps its own: in workerd a timer belongs to the request that
// set it, and would not fire for another request's attempt once its own request had ended.

/** What is watched: a deadline on `performance.now()`'s clock, and what to do when it passes. */
export interface TimeLimited {
  readonly deadline: number;
  expire(): void;
}

type Timer = ReturnType<typeof setTimeout>;
/** Node's (and Bun's) timer, the only kind the attempts share. */
type NodeTimer = Timer & { ref(): unknown; unref(): unknown };

/** Whether the attempts share one timer: unknown until the first timer is set. */
let shared: boolean | undefined;
const watched = new Set<TimeLimited>();
/** The shared timer, ref'd while an attempt is in flight, unref'd (left armed for the next call) when none is. */
let timer: NodeTimer | undefined;
/** The deadline the timer is armed for (infinite when it is not armed). */
let armedFor = Number.POSITIVE_INFINITY;
// A limit that comes within a millisecond counts as reached: Node fires a timer on a clock of whole milliseconds, as early
// as a per-attempt timer would have fired.
const EARLY_MS = 1;

/**
 * Watches a time limit of `timeoutMs` from now: `expire` runs once its deadline passes, unless `unwatch` came first.
 * Returns the attempt's own timer where the attempts do not share one, to hand back to `unwatch`.
 */
export function watch(limited: TimeLimited, timeoutMs: number): Timer | undefined {
  if (shared !== true) {
    const own = setTimeout(() => limited.expire(), timeoutMs);
    shared ??= typeof (own as { unref?: unknown }).unref === 'function';
    return own;
  }
  watched.add(limited);
  if (limited.deadline < armedFor) arm(limited.deadline);
  else timer!.ref();
  return undefined;
}

/** Stops watching a time limit (its attempt ended): a shared timer is not cleared, its next firing finds nothing due. */
export function unwatch(limited: TimeLimited, own: Timer | undefined): void {
  if (own !== undefined) {
    clearTimeout(own);
    return;
  }
  // Nothing in flight: the timer, left armed for the next call, must not keep the process alive.
  if (watched.delete(limited) && watched.size === 0) timer?.unref();
}

function arm(deadline: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedFor = deadline;
  timer = setTimeout(fire, Math.max(1, Math.ceil(deadline - performance.now()))) as NodeTimer;
}

function fire(): void {
  timer = undefined;
  armedFor = Number.POSITIVE_INFINITY;
  const due = performance.now() + EARLY_MS;
  let next = Number.POSITIVE_INFINITY;
  const expired: TimeLimited[] = [];
  for (const limited of watched) {
    if (limited.deadline <= due) expired.push(limited);
    else if (limited.deadline < next) next = limited.deadline;
  }
  // Removed before any runs: what an expiry does (abort a request, reject a promise) may watch or unwatch others.
  for (const limited of expired) watched.delete(limited);
  if (next !== Number.POSITIVE_INFINITY) arm(next);
  for (const limited of expired) limited.expire();
}
