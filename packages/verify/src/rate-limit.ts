// Politeness: at most `--max-rps` requests a second across the whole run, and the service's Retry-After honoured
// before the next one. Every wait ends early when the run is stopped (its time limit, a signal).
import { setTimeout as sleep } from 'node:timers/promises';

/** The run was stopped while waiting for its turn. */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
}

/** Hands out one turn at a time, spaced at least 1/maxRps seconds apart and after any pause the service asked for. */
export class Pacer {
  readonly #intervalMs: number;
  #nextAt = 0;
  /** Until when the service asked for a pause (its Retry-After), if it did. */
  #pausedUntil = Number.NEGATIVE_INFINITY;

  /**
   * @param maxRps Requests per second at most.
   * @param signal Aborts every wait (the run's time limit, Ctrl-C).
   * @param now The clock (milliseconds).
   */
  constructor(
    maxRps: number,
    private readonly signal: AbortSignal,
    private readonly now: () => number = Date.now,
  ) {
    this.#intervalMs = 1000 / maxRps;
  }

  /** Resolves when the next request may start; rejects with {@link RunStopped} when the run stops first. */
  async turn(): Promise<void> {
    const wait = this.#nextAt - this.now();
    if (this.signal.aborted) throw new RunStopped(String(this.signal.reason ?? 'stopped'));
    if (wait > 0) {
      try {
        await sleep(wait, undefined, { signal: this.signal });
      } catch {
        throw new RunStopped(String(this.signal.reason ?? 'stopped'));
      }
    }
    this.#nextAt = Math.max(this.now(), this.#nextAt) + this.#intervalMs;
  }

  /** No request before `ms` from now (the service's Retry-After). */
  pauseFor(ms: number): void {
    this.#pausedUntil = this.now() + ms;
    this.#nextAt = Math.max(this.#nextAt, this.#pausedUntil);
  }

  /** How long until the next turn, and why it waits: the rate cap, or the service's Retry-After. */
  nextTurn(): { readonly inMs: number; readonly why: 'rate' | 'retry-after' } {
    return { inMs: Math.max(0, this.#nextAt - this.now()), why: this.#nextAt === this.#pausedUntil ? 'retry-after' : 'rate' };
  }
}

/** Retry-After in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110); `undefined` when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) || !/[a-z]/i.test(text) ? undefined : Math.max(0, date - now);
}
