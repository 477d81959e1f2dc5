// The cap on billed calls: set when the server starts, shared by every MCP session it serves (a new session, or the
// same client initializing again, gets no fresh budget), and never raised while it runs. A call holds one create
// while the user is asked, so two calls at once cannot both take the last one.

/** One create held for a call: spent once the request is about to be sent, released if nothing is sent. */
export interface BudgetHold {
  /** Which create this is, counting from 1 (what the user is shown). */
  readonly number: number;
  /** The request is about to be sent: the create counts, whatever the answer (the service may generate even so). */
  spend(): void;
  /** Nothing was sent (declined, cancelled, refused before sending): the create is free again. */
  release(): void;
}

export class CreateBudget {
  #spent = 0;
  #held = 0;

  constructor(
    /** Most billed calls the server sends in its lifetime. */
    readonly max: number,
  ) {
    if (!Number.isSafeInteger(max) || max < 0) throw new RangeError(`The create budget must be a whole number from 0 up; got ${max}.`);
  }

  /** Creates sent so far. */
  get spent(): number {
    return this.#spent;
  }

  /** Creates neither sent nor held by a call waiting for the user. */
  get left(): number {
    return this.max - this.#spent - this.#held;
  }

  /** Holds one create for a call, or `undefined` when none is left. */
  hold(): BudgetHold | undefined {
    if (this.left <= 0) return undefined;
    this.#held += 1;
    const number = this.#spent + this.#held;
    let settled = false;
    const settle = (spent: boolean) => {
      if (settled) return;
      settled = true;
      this.#held -= 1;
      if (spent) this.#spent += 1;
    };
    return { number, spend: () => settle(true), release: () => settle(false) };
  }
}
