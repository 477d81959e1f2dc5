// Everything the mock answers with, set up once for any transport: the contract compiled, the key registry, CORS,
// the journal, the rules (preloaded ones checked), and the controls tests drive them with.
import { type LazyValidator, lazyValidator } from '../contract/lazy-validator.js';
import { readContract, type ServedContract } from '../contract/read-contract.js';
import type { ReplayBook } from '../record/replay.js';
import { compileContract } from './compile-contract.js';
import { CONTROL_PREFIX } from './control-api.js';
import { MockControls } from './controls.js';
import { corsPolicy } from './cors.js';
import { createEngine, type Engine } from './engine.js';
import { DEFAULT_JOURNAL_SIZE, Journal } from './journal.js';
import { type KeyRegistry, loadKeyRegistry } from './key-registry.js';
import { RuleBook } from './rules.js';

/** What the engine is built from (the transport-independent part of `StartMockOptions`). */
export interface MockEngineOptions {
  readonly specPath?: string | undefined;
  readonly keys?: KeyRegistry | string | undefined;
  readonly corsOrigin?: string | readonly string[] | undefined;
  readonly errors?: boolean | undefined;
  readonly journalSize?: number | undefined;
  /** Rules to add before the first request (checked all at once: one bad rule adds none). */
  readonly rules?: readonly unknown[] | undefined;
  /** Whether the `/__mock` control surface will be served (the contract must then have no path under it). */
  readonly control?: boolean | undefined;
  /** A folder of recordings (made with --record) to answer documented operations from. */
  readonly replay?: string | undefined;
}

export interface MockEngine {
  readonly engine: Engine;
  readonly controls: MockControls;
  readonly contract: ServedContract;
  readonly validator: LazyValidator;
  /** The recordings in use, with the counts of those served and not served. */
  readonly replay: ReplayBook | undefined;
}

/** Builds the engine; rejects with an error naming the cause (unreadable contract, bad key registry, bad rule, ...). */
export async function createMockEngine(options: MockEngineOptions): Promise<MockEngine> {
  const journalSize = options.journalSize ?? DEFAULT_JOURNAL_SIZE;
  if (!Number.isInteger(journalSize) || journalSize < 0) {
    throw new Error(`journalSize must be a whole number of requests (0 turns the journal off), got ${JSON.stringify(options.journalSize)}.`);
  }
  const contract = await readContract(options.specPath);
  if (options.control !== false) {
    const clash = contract.model.operations.find((operation) => operation.path === CONTROL_PREFIX || operation.path.startsWith(`${CONTROL_PREFIX}/`));
    if (clash) {
      throw new Error(
        `The contract ${contract.path} documents ${clash.path}, under the mock's control prefix ${CONTROL_PREFIX}. Turn the control surface off (--no-control, or control: false).`,
      );
    }
  }
  const keys = options.keys === undefined ? undefined : loadKeyRegistry(options.keys);
  const cors = corsPolicy(options.corsOrigin);
  const validator = lazyValidator(contract.model);
  // With --errors (Prism's default here) an example that breaks its schema is Prism's to answer (with a 500).
  const checkExamples = (options.errors ?? true) && options.specPath !== undefined;
  if (checkExamples) await validator.load();
  const compiled = compileContract(contract.model, validator, { checkExamples });
  if (keys) {
    for (const operation of compiled.operations) {
      for (const status of [401, 403] as const) {
        if (!operation.documentsExample(status)) {
          throw new Error(
            `The contract ${contract.path} documents no ${status} example for ${operation.name}; the key registry answers with the contract's own bodies, so it needs one.`,
          );
        }
      }
    }
  }
  const journal = new Journal(journalSize);
  const rules = new RuleBook();
  const controls = new MockControls(compiled, validator, journal, rules);
  if (options.rules !== undefined) await controls.addRules(options.rules);
  // Imported with --replay only: the recordings' modules are not in every start-up's path.
  const replay = options.replay === undefined ? undefined : (await import('../record/replay.js')).loadReplay(options.replay, compiled, await validator.load());
  const engine = createEngine({ contract: compiled, keys, cors, journal, rules, replay });
  return { engine, controls, contract, validator, replay };
}
