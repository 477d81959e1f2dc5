// Whether a server that was told to stop has really let go of its port. A process closes its sockets last when it
// exits: its /proc entry (where the process checks look) is gone while the port still takes a connection and drops it,
// so a single request right after an exit is no proof either way.

/** What one GET of `url` met: `ECONNREFUSED` once nothing listens there, else `answered <status>` or the error's code. */
export async function connectionOutcome(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return `answered ${response.status}`;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? error);
  }
}

/**
 * Asks `url` again every 100 ms, for up to `timeoutMs`, until its connection is refused; returns the last outcome
 * (`ECONNREFUSED` when the port closed in time), so a failing test shows what still answered.
 */
export async function portClosed(url: string, timeoutMs = 10_000): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const outcome = await connectionOutcome(url);
    if (outcome === 'ECONNREFUSED' || performance.now() >= deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
