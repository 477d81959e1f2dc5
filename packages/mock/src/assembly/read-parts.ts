// What the doors on Node.js (startMock(), createHandlers(), the compiled-only mock of internal.ts) read and check before
// the mock is assembled (assemble-mock.ts): the contract, the key registry, the rules and the recordings, from their
// files, and the answerer of what the compiled contract does not cover.
import { type LazyValidator, lazyValidator } from '../contract/lazy-validator.js';
import { readContract, type ServedContract } from '../contract/read-contract.js';
import { CONTROL_PREFIX } from '../control/control-routes.js';
import { DEFAULT_JOURNAL_SIZE } from '../double/journal.js';
import type { Answerer } from '../pipeline/answerer.js';
import { corsPolicy } from '../pipeline/cors.js';
import type { MockParts } from './assemble-mock.js';
import { loadKeyRegistry } from './key-registry.js';
import { type MockOptions, rulesFrom } from './options.js';

/** The answerer of a door, made once the contract is read. */
export type AnswererFor = (contract: ServedContract, validator: LazyValidator) => Answerer;

/** Reads and checks what checked `options` name; rejects with an error naming the cause (unreadable contract, bad key registry, ...). */
export async function readParts(options: MockOptions, answererFor: AnswererFor): Promise<MockParts> {
  const control = options.control ?? true;
  const contract = await readContract(options.specPath);
  if (control) refuseControlClash(contract);
  const keys = options.keys === undefined ? undefined : loadKeyRegistry(options.keys);
  const validator = lazyValidator(contract.model);
  const replay = options.replay;
  return {
    model: contract.model,
    contractName: `The contract ${contract.path}`,
    validator,
    // With --errors (Prism's default here) an example that breaks its schema is Prism's to answer (with a 500).
    checkExamples: (options.errors ?? true) && options.specPath !== undefined,
    keys,
    cors: corsPolicy(options.corsOrigin),
    journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    rules: rulesFrom(options.rules),
    requireKey: options.requireKey ?? false,
    control,
    generated: answererFor(contract, validator),
    // Imported with --replay only: the recordings' modules are not in every start-up's path.
    replay: replay === undefined ? undefined : async (compiled) => (await import('../record/replay.js')).loadReplay(replay, compiled, await validator.load()),
  };
}

function refuseControlClash(contract: ServedContract): void {
  const clash = contract.model.operations.find((operation) => operation.path === CONTROL_PREFIX || operation.path.startsWith(`${CONTROL_PREFIX}/`));
  if (clash) {
    throw new Error(
      `The contract ${contract.path} documents ${clash.path}, under the mock's control prefix ${CONTROL_PREFIX}. Turn the control surface off (--no-control, or control: false).`,
    );
  }
}
