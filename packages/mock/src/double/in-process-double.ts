// The test double in this process (startMock()'s and createHandlers()'s results, the browser door's): every member of
// the interface (test-double.ts) carried out on the controls at once. Over HTTP the same members are carried out by the
// control routes (control/control-routes.ts), which connectMock() reaches.
import type { MockControls } from './controls.js';
import type { EntryFilter } from './journal.js';
import type { ContractOperations, ThumbnailApiOperations } from './operation-types.js';
import { checkViewKey, type RuleHandle, type TestDouble } from './test-double.js';

/** The test double of `controls`; the types are the contract's (`C`), the values what the mock recorded. */
export function inProcessDouble<C extends ContractOperations = ThumbnailApiOperations>(controls: MockControls): TestDouble<C, 'now'> {
  /** The members, on every key (`key` undefined) or on one. */
  const members = (key: string | undefined) => ({
    rule: async (rule: unknown): Promise<RuleHandle<'now'>> => {
      const { id } = await controls.addRule(rule, key);
      return { id, remove: () => void controls.removeRule(id, key) };
    },
    rules: () => controls.rulesInForce(key),
    requests: (filter?: EntryFilter) => controls.requests({ operationId: filter?.operationId, key: key ?? filter?.key }),
    nearMisses: (filter?: EntryFilter) => controls.nearMisses({ operationId: filter?.operationId, key: key ?? filter?.key }),
    coverage: (filter?: { key?: string }) => controls.coverageReport(key ?? filter?.key),
    droppedRequests: () => controls.journal.droppedOf(key),
    clearRequests: () => controls.clearRequests(key),
    clearRules: () => controls.clearRules(key),
    endPending: () => controls.endPending(key),
    reset: () => controls.reset(key),
  });
  const double = {
    ...members(undefined),
    forKey(key: unknown) {
      checkViewKey(key);
      return members(key);
    },
  };
  // The journal and the rules hold what was sent and given; the contract's types describe them for the test.
  return double as unknown as TestDouble<C, 'now'>;
}
