// The API key read where the served contract says it travels, not where the bundled contract puts it: contracts whose
// key comes in another header, or as a bearer token only, served by every implementation of the test double
// (startMock(), createHandlers() through msw/node, connectMock() to the command line). The key registry, rules scoped
// by key, the journal's key hints, held requests and coverage all read the key one way.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestDouble } from '../src/index.js';
import { keyFormContracts } from './helpers/key-form-contracts.js';
import { scratchDir } from './helpers/scratch-dir.js';
import { type Implementation, implementations } from './helpers/test-doubles.js';

const alice = 'key-of-alice-0001';
const bob = 'key-of-bob-000002';
const noAccess = 'key-no-access-003';
/** Sent by the coverage test alone: coverage is the whole run's, reset() leaves it. */
const counted = 'key-no-access-004';
const keys = { [alice]: 'ok', [bob]: 'ok', [noAccess]: 'forbidden', [counted]: 'forbidden' } as const;
const dir = scratchDir('key-forms-');
const contracts = keyFormContracts(dir);

const cases = Object.entries(contracts).flatMap(([contractName, contract]) => {
  const doubles = implementations({ keys, specPath: contract.specPath }, dir);
  return Object.keys(doubles).map((name) => ({ title: `${name}, serving a contract with ${contractName.slice(4)}`, contract, start: doubles[name]! }));
});

describe.each(cases)('$title', ({ contract, start }) => {
  let mock: Implementation;
  let double: TestDouble;
  beforeAll(async () => {
    mock = await start();
    double = mock.double;
  }, 60_000);
  afterAll(() => mock?.stop());
  afterEach(() => double.reset());

  const list = (headers: Record<string, string>) => fetch(`${mock.baseUrl}/api/thumbnails`, { headers });

  test('the key registry reads the key where the contract puts it; sent the bundled way, it is no key', async () => {
    const answers = await Promise.all([list(contract.send(alice)), list(contract.send(noAccess)), list(contract.sendOtherwise(alice))]);
    expect(answers.map((answer) => [answer.status, answer.headers.get('x-thumbnail-api-mock-note')])).toEqual([
      [200, null],
      [403, 'key listed as "forbidden" in the registry'],
      [401, contract.noKeyNote],
    ]);
  });

  test("a rule scoped to a key answers that key's requests alone", async () => {
    const rule = await double.forKey(alice).rule({ operationId: 'listThumbnails', answer: { status: 503 } });
    expect([(await list(contract.send(alice))).status, (await list(contract.send(bob))).status]).toEqual([503, 200]);
    expect((await double.forKey(alice).requests()).map((entry) => entry.rule)).toEqual([rule.id]);
  });

  test('the journal files each request under its key, shown by a hint and never whole', async () => {
    await list(contract.send(alice));
    await list(contract.send(bob));
    const entries = await double.forKey(alice).requests();
    expect(entries.map((entry) => entry.keyHint)).toEqual(['…0001']);
    if (contract.keyHeader !== undefined) expect(entries[0]!.headers[contract.keyHeader]).toBe('…0001');
    expect(JSON.stringify(await double.requests())).not.toMatch(/key-of-(alice|bob)/);
  });

  test('a held request is held under its key: ending the key ends it, ending another key does not', async () => {
    await double.forKey(alice).rule({ operationId: 'listThumbnails', fault: 'hang' });
    const held = list(contract.send(alice)).then(
      () => 'answered',
      () => 'network error',
    );
    await until(async () => (await double.forKey(alice).requests()).length === 1);
    expect(await double.forKey(bob).endPending()).toBe(0);
    expect(await double.forKey(alice).endPending()).toBe(1);
    expect(await held).toBe('network error');
  });

  test("coverage names the contract's own forms of the key, and counts a request under the form it came in", async () => {
    await list(contract.send(counted));
    const report = await double.forKey(counted).coverage();
    const outcomes = report.operations.find((operation) => operation.operationId === 'listThumbnails')!.outcomes;
    expect(outcomes.map((seen) => [seen.outcome, seen.requests])).toEqual([
      ['200', 0],
      ['401 without a key', 0],
      ...contract.forms.map((form) => [`401 ${form}`, 0]),
      ...contract.forms.map((form) => [`403 ${form}`, form === contract.forms[0] ? 1 : 0]),
    ]);
  });
});

/** Waits until `condition` holds (a request has reached the mock), checking every 20 ms for up to 10 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition never held within 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
