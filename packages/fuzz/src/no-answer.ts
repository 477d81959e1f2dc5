// A request that got no answer within its time limit says as often that the machine was busy as that a server is
// broken. The differential and mock suites send such a case once more with a longer limit; a request that still gets
// no answer is counted as "no answer", apart from differences. A run fails on any difference, and on no-answers only
// when they pass a small share of its requests.

/** The most requests of a run that may end with no answer, even on their second try: 1 in 100. */
export const NO_ANSWER_SHARE = 0.01;

/** How many times the first limit the second try waits. */
export const PATIENCE = 3;

/** The no-answers of one suite's run. */
export class NoAnswers {
  #resent = 0;
  readonly #unanswered: string[] = [];

  /** Records a case (or request) sent again with the longer limit. */
  resent(): void {
    this.#resent++;
  }

  /** Records a request that got no answer on its second try either, and what it was. */
  unanswered(description: string): void {
    this.#unanswered.push(description);
  }

  /** How many cases (or requests) were sent again. */
  get resentCount(): number {
    return this.#resent;
  }

  /** How many requests got no answer on either try. */
  get count(): number {
    return this.#unanswered.length;
  }

  /** The summary a suite prints: how many got no answer of how many, what is allowed, how many were sent again. */
  summary(requests: number): string {
    const first = this.#unanswered[0];
    return (
      `no answer: ${this.count} of ${requests} requests (at most ${allowed(requests)} allowed, ${NO_ANSWER_SHARE * 100}%); ` +
      `sent again with a ${PATIENCE}x longer limit: ${this.#resent}${first ? `; the first without one: ${first}` : ''}`
    );
  }

  /** Why the run fails for its no-answers, or `undefined` when they stay within the share. */
  excess(requests: number): string | undefined {
    if (this.count <= allowed(requests)) return undefined;
    return (
      `${this.count} of ${requests} requests got no answer, even with a ${PATIENCE}x longer limit: more than ${NO_ANSWER_SHARE * 100}% ` +
      `(${allowed(requests)}). A server that stops answering is broken; if the machine was very busy, run again when it is quieter.\n- ` +
      this.#unanswered.slice(0, 5).join('\n- ')
    );
  }
}

/**
 * Runs `attempt` at patience 1 (its first limit); when `unanswered` says it got no answer, once more at `PATIENCE` times
 * that limit, recorded in `tally` as sent again. Resolves with the last try's result, answered or not.
 */
export async function withSecondTry<T>(attempt: (patience: number) => Promise<T>, unanswered: (result: T) => boolean, tally: NoAnswers): Promise<T> {
  const first = await attempt(1);
  if (!unanswered(first)) return first;
  tally.resent();
  return attempt(PATIENCE);
}

/**
 * Why the run fails for the requests sent again after their connection closed without an answer
 * (src/keep-alive-sender.ts), or `undefined` while they stay within the same share as no-answers.
 */
export function resentExcess(resent: readonly string[], requests: number): string | undefined {
  if (resent.length <= allowed(requests)) return undefined;
  return (
    `${resent.length} of ${requests} requests were sent again after their connection closed without an answer: more than ` +
    `${NO_ANSWER_SHARE * 100}% (${allowed(requests)}). A server that drops connections under requests is broken.\n- ${resent.slice(0, 5).join('\n- ')}`
  );
}

function allowed(requests: number): number {
  return Math.floor(requests * NO_ANSWER_SHARE);
}
