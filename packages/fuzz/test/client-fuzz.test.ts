// The real client against a real server whose answers are generated: whatever comes back, through whatever fetch
// and logger, every call settles, resolves with the server's data or throws a typed error, makes the attempts its
// retry rules allow (POST /api/thumbnails once), never shows the key, and leaves no connection open. And arguments it
// cannot send are refused, named, before anything is sent.
import { RequestArgumentError, ThumbnailClient } from '@thumbnail-api/client';
import * as fc from 'fast-check';
import { test } from 'vitest';
import { serverScript } from '../src/answer-arbitraries.js';
import { type PoisonedCall, poisonedCall } from '../src/argument-arbitraries.js';
import { clientCall, sentinelKey } from '../src/call-arbitraries.js';
import { type ClientCall, runCall } from '../src/client-call.js';
import { clientProblems } from '../src/client-verdict.js';
import { describeCase, fuzzPlan, runFuzz } from '../src/fuzz-run.js';
import { startHostileServer } from '../src/hostile-server.js';
import { keyLeaks } from '../src/key-leaks.js';
import { connectionsLeftOpen, openConnections } from '../src/open-connections.js';
import { NO_BODY_STATUSES, type ServerAnswer } from '../src/server-answer.js';

// Requests still in flight when a call gives up reach the server a moment later: count them too.
const GRACE_MS = 50;
// The longest case: a call past its hang deadline (src/client-call.ts: every attempt's limit and wait, under 40 s for
// the calls generated here: under 20 s) is already a failure of the case; this bounds what runs around it.
const CASE_LIMIT_MS = 120_000;

function clientProperty(tight: boolean) {
  const cases = fc.tuple(
    sentinelKey,
    clientCall(tight ? { timeoutMs: { min: 100, max: 300 }, aborts: true } : { timeoutMs: { min: 3_000, max: 3_000 }, aborts: false }),
  );
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
      if (left > 0 && !bodyNobodyCanCancel(call, script))
        throw new Error(`The call settled and the server closed, but the client still holds ${left} connection(s) open`);
    },
  );
}

/**
 * A body announced after a status that has none (204, 205, 304), to a fetch that ignores the signal: fetch gives the
 * client no body to cancel and the abort reaches nothing, so no client could release that connection (seed -194651050).
 */
function bodyNobodyCanCancel(call: ClientCall, script: readonly ServerAnswer[]): boolean {
  return (
    call.fetchKind === 'ignores-signal' && script.some((answer) => answer.kind === 'response' && NO_BODY_STATUSES.has(answer.status) && answer.body.length > 0)
  );
}

test('answers that arrive, however broken: typed results, exact retry counts, no key anywhere', async () => {
  await runFuzz('client (answers that arrive)', clientProperty(false), fuzzPlan(300), { caseLimitMs: CASE_LIMIT_MS });
});

test('answers that stall or never come: every call ends within its time limits, retries stay within the rules', async () => {
  // Cases wait for time limits: a fifth of the cases of the other suites.
  await runFuzz('client (answers that stall)', clientProperty(true), fuzzPlan(300, 5), { caseLimitMs: CASE_LIMIT_MS });
});

test('arguments the client cannot send (circular, BigInt, nested queries, ...) are refused, named, and nothing is sent', async () => {
  const server = await startHostileServer([
    {
      kind: 'response',
      status: 200,
      statusText: undefined,
      headers: [],
      body: new TextEncoder().encode('{}'),
      length: 'exact',
      delivery: { kind: 'whole' },
      interim: [],
    },
  ]);
  try {
    const property = fc.asyncProperty(sentinelKey, poisonedCall, async (key, poisoned) => {
      const error = await sendPoisoned(new ThumbnailClient({ apiKey: key, baseUrl: server.url }), poisoned).then(
        () => new Error('the call was sent'),
        (caught: unknown) => caught,
      );
      const problems: string[] = [];
      if (!(error instanceof RequestArgumentError)) problems.push(`threw ${String(error)}, not a RequestArgumentError`);
      else if (error.argument !== poisoned.argument) problems.push(`named ${error.argument}, not ${poisoned.argument}: ${error.message}`);
      if (server.received.length > 0) problems.push(`${server.received.length} request(s) reached the server`);
      for (const leak of keyLeaks(error, [], key)) problems.push(`the key shows in ${leak}`);
      if (problems.length > 0) throw new Error(`The client broke its promises:\n- ${problems.join('\n- ')}`);
    });
    await runFuzz('client (arguments it cannot send)', property, fuzzPlan(200), { caseLimitMs: CASE_LIMIT_MS });
  } finally {
    await server.close();
  }
});

function sendPoisoned(client: ThumbnailClient, poisoned: PoisonedCall): Promise<unknown> {
  const value = poisoned.build();
  switch (poisoned.surface) {
    case 'thumbnails.create body':
      return client.thumbnails.create(value as { prompt: string });
    case 'request body':
      return client.request('POST', '/api/thumbnails', { body: value });
    case 'request query':
      return client.request('GET', '/api/thumbnails', { query: value });
    case 'raw.POST body':
      return client.raw.POST('/api/thumbnails', { body: value as { prompt: string } });
    case 'raw.GET query':
      return client.raw.GET('/api/thumbnails', { params: { query: value } } as never);
  }
}
