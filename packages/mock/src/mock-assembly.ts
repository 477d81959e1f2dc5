// The mock put together once, for any door (startMock(), createHandlers(), the compiled-only mock of internal.ts): the
// contract compiled, the key registry, CORS, the journal, the rules (preloaded ones checked), the recordings, and the
// answerer of what the compiled contract does not cover; then the pipeline over them and the controls tests use.
import { type CompiledContract, compileContract } from './contract/compile-contract.js';
import { type LazyValidator, lazyValidator } from './contract/lazy-validator.js';
import { readContract, type ServedContract } from './contract/read-contract.js';
import { CONTROL_PREFIX } from './double/control-routes.js';
import { MockControls } from './double/controls.js';
import { DEFAULT_JOURNAL_SIZE, Journal } from './double/journal.js';
import { PendingRequests } from './double/pending.js';
import { RuleBook } from './double/rules.js';
import { inProcessDouble, type MockTestDouble } from './double/test-double.js';
import { type MockOptions, rulesFrom } from './options.js';
import type { Answerer } from './pipeline/answerer.js';
import { corsPolicy } from './pipeline/cors.js';
import { loadKeyRegistry, registryNote } from './pipeline/key-registry.js';
import { createPipeline, type Pipeline } from './pipeline/pipeline.js';

/** A mock ready to serve: adapters hand requests to `pipeline` and control requests to `controls`. */
export interface AssembledMock {
  readonly pipeline: Pipeline;
  readonly controls: MockControls;
  /** The test-double methods of this mock, in this process. */
  readonly double: MockTestDouble;
  /** Whether the `/__mock` control surface is served. */
  readonly control: boolean;
  /** With `replay`: how many recordings are served, and how many are not (paths the contract lacks; 401/403 answers). */
  readonly replay: { readonly served: number; readonly undocumented: number; readonly authAnswers: number } | undefined;
  /** Ends held requests and stops the answerer (Prism, if it started); resolves once nothing of them is left. */
  close(): Promise<void>;
}

/** Builds the mock from checked options; rejects with an error naming the cause (unreadable contract, bad key registry, bad rule, ...). */
export async function assembleMock(
  options: MockOptions,
  answererFor: (contract: ServedContract, validator: LazyValidator) => Answerer,
): Promise<AssembledMock> {
  const control = options.control ?? true;
  const contract = await readContract(options.specPath);
  if (control) refuseControlClash(contract);
  const keys = options.keys === undefined ? undefined : loadKeyRegistry(options.keys);
  const cors = corsPolicy(options.corsOrigin);
  const rules = rulesFrom(options.rules);
  const validator = lazyValidator(contract.model);
  // With --errors (Prism's default here) an example that breaks its schema is Prism's to answer (with a 500).
  const checkExamples = (options.errors ?? true) && options.specPath !== undefined;
  if (checkExamples) await validator.load();
  const compiled = compileContract(contract.model, validator, { checkExamples });
  if (keys) refuseUndocumentedKeyAnswers(compiled, contract.path);
  const journal = new Journal(options.journalSize ?? DEFAULT_JOURNAL_SIZE);
  const controls = new MockControls(compiled, validator, journal, new RuleBook(), new PendingRequests());
  if (keys) controls.keyBlock = (key) => registryNote(keys, key);
  if (rules !== undefined) await controls.addRules(rules);
  // The rules given at start are the shared ground every test file stands on; from here on, each names its key.
  controls.requireKey = options.requireKey ?? false;
  // Imported with --replay only: the recordings' modules are not in every start-up's path.
  const replay = options.replay === undefined ? undefined : (await import('./record/replay.js')).loadReplay(options.replay, compiled, await validator.load());
  const generated = answererFor(contract, validator);
  const pipeline = createPipeline({ contract: compiled, keys, cors, journal, rules: controls.rules, replay, generated });
  return {
    pipeline,
    controls,
    double: inProcessDouble(controls),
    control,
    replay: replay === undefined ? undefined : { served: replay.served, undocumented: replay.undocumented, authAnswers: replay.authAnswers },
    async close() {
      controls.pending.end();
      await generated.close();
    },
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

/** The key registry answers with the contract's own 401 and 403 bodies, so every operation must document both. */
function refuseUndocumentedKeyAnswers(compiled: CompiledContract, path: string): void {
  for (const operation of compiled.operations) {
    for (const status of [401, 403] as const) {
      if (!operation.documentsExample(status)) {
        throw new Error(
          `The contract ${path} documents no ${status} example for ${operation.name}; the key registry answers with the contract's own bodies, so it needs one.`,
        );
      }
    }
  }
}
