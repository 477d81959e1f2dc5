// Requests a delay or a hang holds, whatever transport holds them (a node:http response, an MSW resolver): each can
// be ended early, as a network error for its client, by endPending(), by a reset of its key, or when the mock stops.

interface Held {
  readonly key: string | undefined;
  readonly end: () => void;
}

export class PendingRequests {
  readonly #held = new Set<Held>();

  /** How many requests are held. */
  get size(): number {
    return this.#held.size;
  }

  /**
   * Holds a request sent with `key`; `end` ends it as a network error. Returns the release to call once the request is
   * answered or gone by itself (then `end` is never called).
   */
  hold(key: string | undefined, end: () => void): () => void {
    const held = { key, end };
    this.#held.add(held);
    return () => void this.#held.delete(held);
  }

  /** Ends every held request (those sent with `key` only, with one); returns how many there were. */
  end(key?: string): number {
    let ended = 0;
    for (const held of [...this.#held]) {
      if (key !== undefined && held.key !== key) continue;
      this.#held.delete(held);
      held.end();
      ended++;
    }
    return ended;
  }
}
