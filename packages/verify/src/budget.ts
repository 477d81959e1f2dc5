// The hard limit on POSTs (`--allow-billing <n>`): each is counted before it is sent and never given back, whatever
// came of it (a time-out or a reset connection may still have generated, and billed, a thumbnail).

export class PostBudget {
  #spent = 0;

  /** @param allowed How many POSTs the whole run may send (0: none). */
  constructor(readonly allowed: number) {
    if (!Number.isSafeInteger(allowed) || allowed < 0) throw new RangeError(`A POST budget is a whole number of 0 or more, not ${allowed}.`);
  }

  /** POSTs counted so far. */
  get spent(): number {
    return this.#spent;
  }

  /** Counts one POST about to be sent; `false` (and nothing counted) when the budget is spent: then it must not be sent. */
  take(): boolean {
    if (this.#spent >= this.allowed) return false;
    this.#spent++;
    return true;
  }
}
