// The real client against a real server whose answers are generated: whatever comes back, every call settles,
// resolves with the server's data or throws a typed error, makes the attempts its retry rules allow (POST
// /api/thumbnails once), never shows the key, and leaves no connection open.
import * as fc from 'fast-check';
import { test } from 'vitest';
import { serverScript } from '../src/answer-arbitraries.js';
import { clientCall, sentinelKey } from '../src/call-arbitraries.js';
import { runCall } from '../src/client-call.js';
import { clientProblems } from '../src/client-verdict.js';
import { describeCase, fuzzPlan, runFuzz } from '../src/fuzz-run.js';
import { startHostileServer } from '../src/hostile-server.js';
import { connectionsLeftOpen, openConnections } from '../src/open-connections.js';

// Requests still in flight when a call gives up reach the server a moment later: count them too.
const GRACE_MS = 50;

function clientProperty(tight: boolean) {
  const cases = fc.tuple(sentinelKey, clientCall(tight ? { timeoutMs: { min: 100, max: 300 }, aborts: true } : { timeoutMs: { min: 3_000, max: 3_000 }, aborts: false }));
  return fc.asyncProperty(
    cases.chain(([key, call]) => fc.tuple(fc.constant(key), fc.constant(call), serverScript({ key, stalls: tight, maxBodyBytes: 512 * 1024 }))),
    async ([key, call, script]) => {
      const connectionsBefore = openConnections();
      const server = await startHostileServer(script);
      try {
        const outcome = await runCall(server.url, key, call);
        // Shown at once: shrinking a hang takes long, and the test may time out before the report.
        if (outcome.settled === 'hung') console.log(`A call hung: ${describeCase([key, call, script])}`);
        await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
        if (server.faults.length > 0) throw new Error(`The generated answer could not be written: ${server.faults.join('; ')}`);
        const problems = clientProblems({ script, call, outcome, received: [...server.received], key, tight });
        if (problems.length > 0) throw new Error(`The client broke its promises:\n- ${problems.join('\n- ')}`);
      } finally {
        await server.close();
      }
      const left = await connectionsLeftOpen(connectionsBefore);
      if (left > 0) throw new Error(`The call settled and the server closed, but the client still holds ${left} connection(s) open`);
    },
  );
}

test('answers that arrive, however broken: typed results, exact retry counts, no key anywhere', async () => {
  await runFuzz('client (answers that arrive)', clientProperty(false), fuzzPlan(300));
});

test('answers that stall or never come: every call ends within its time limits, retries stay within the rules', async () => {
  // Cases wait for time limits: a fifth of the cases of the other suites.
  await runFuzz('client (answers that stall)', clientProperty(true), fuzzPlan(300, 5));
});
