// Checks seen failing on the defect they are for: each test file below runs (as its own vitest) against a copy of the
// built mock with one defect planted in its code (test/helpers/mutant-mock.ts), and the tests named must fail.
import { afterAll, describe, expect, test } from 'vitest';
import { type Mutant, plantMutant, runTestFileAgainst } from './helpers/mutant-mock.js';

const NEAR_MISS = 'a request no rule answered names, of the rules of its operation,';
const REFUSED = 'a page on another origin is refused when it';
const UNCHANGED = 'even with JSON, and the rules and the journal stay as they were';

// The near miss's distance: 1000 for a rule for another key, plus one per difference; the first of the nearest wins
// (the rules in force newest first).
const nearMissMutants: [Mutant, string[]][] = [
  [
    { name: 'a rule for another key weighs no more than one for the request’s key', find: /\? 1000 : 0\)/, replace: '? 0 : 0)' },
    [
      `${NEAR_MISS} a rule for the request’s key before one for another key, though that one is newer and differs in less`,
      `${NEAR_MISS} of three: the newest of the two for the request’s key, not the newest of all, for another key`,
    ],
  ],
  [
    { name: 'of rules as near, the oldest', find: /found\.length > 0 && distance < best/, replace: 'found.length > 0 && distance <= best' },
    [`${NEAR_MISS} of rules as near, the newest`, `${NEAR_MISS} of three: the newest of the two for the request’s key, not the newest of all, for another key`],
  ],
  [
    { name: 'differences not counted', find: /\? 1000 : 0\) \+ found\.length/, replace: '? 1000 : 0) + 0' },
    [
      `${NEAR_MISS} the fewest differences before the newest rule`,
      `${NEAR_MISS} of three for another key: the one with the fewest differences, though it is the oldest`,
    ],
  ],
];

const removers: (() => void)[] = [];
afterAll(() => {
  for (const remove of removers) remove();
});

describe.each(nearMissMutants.map(([mutant, failing]) => [mutant.name, mutant, failing] as const))(
  'test/near-miss-order.test.ts against the mutant "%s"',
  (_, mutant, failing) => {
    test('fails exactly the tests of the order it breaks', async () => {
      const { entry, remove } = plantMutant(mutant);
      removers.push(remove);
      const run = await runTestFileAgainst(entry, 'test/near-miss-order.test.ts');
      expect([run.code, [...run.failed].sort()], run.output).toEqual([1, [...failing].sort()]);
    });
  },
);

test('test/control-guard.test.ts against a guard that carries out a control request before refusing it fails the refusals that change something', async () => {
  const { entry, remove } = plantMutant({
    name: 'the guard refuses after the control route acted',
    // The refusal no longer returns early: the route runs, then the refusal is sent in place of its answer.
    find: /if \(verdict\.answer !== undefined\)\s*return write\(request, res, verdict\.answer, \[\]\);([\s\S]*?)\.then\(\(answer\) => write\(request, res, answer, verdict\.cors\)/,
    replace: '$1.then((answer) => write(request, res, verdict.answer ?? answer, verdict.answer === undefined ? verdict.cors : [])',
  });
  removers.push(remove);
  const run = await runTestFileAgainst(entry, 'test/control-guard.test.ts');
  expect(run.code, run.output).toBe(1);
  expect(run.failed, run.output).toEqual(
    expect.arrayContaining([
      `${REFUSED} resets the mock, ${UNCHANGED}`,
      `${REFUSED} removes the rules, ${UNCHANGED}`,
      `${REFUSED} removes a rule, ${UNCHANGED}`,
    ]),
  );
  // Reading the journal changes nothing: the refusal is what is sent, whatever the route did.
  expect(run.passed).toContain(`${REFUSED} reads the journal, ${UNCHANGED}`);
});
