// Connections this process holds open: a call that has settled, against a server that has closed, must hold none.
// (The fuzz cases run one at a time, and the hostile server's own sockets are destroyed when it closes.)

/** TCP handles the process holds now. */
export function openConnections(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap').length;
}

/**
 * How many more TCP handles than `before` are still open after `withinMs`: a connection closes a moment after its
 * peer closed, so this waits for the count to come back down.
 */
export async function connectionsLeftOpen(before: number, withinMs = 2_000): Promise<number> {
  const until = Date.now() + withinMs;
  for (;;) {
    const extra = openConnections() - before;
    if (extra <= 0 || Date.now() >= until) return Math.max(0, extra);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
