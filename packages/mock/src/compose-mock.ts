// The mock put together from what its door has read and checked: the contract compiled, the journal, the rules (the
// preloaded ones checked), the recordings, the pipeline over them and the controls tests use. No file and no `node:`
// module here, so that every door builds on it: mock-assembly.ts (which reads the files) for startMock() and
// createHandlers(), and browser.ts for the docs' Try it.
import type { ContractModel } from '@thumbnail-api/spec/model';
import { type CompiledContract, compileContract } from './contract/compile-contract.js';
import type { LazyValidator } from './contract/lazy-validator.js';
import { MockControls } from './double/controls.js';
import { Coverage } from './double/coverage.js';
import { Journal } from './double/journal.js';
import { PendingRequests } from './double/pending.js';
import { RuleBook } from './double/rules.js';
import type { Answerer } from './pipeline/answerer.js';
import type { CorsPolicy } from './pipeline/cors.js';
import { type KeyOutcome, registryNote } from './pipeline/key-outcome.js';
import { createPipeline, type Pipeline, type RecordedAnswers } from './pipeline/pipeline.js';

/** What a door has read and checked. */
export interface MockParts {
  readonly model: ContractModel;
  /** How errors name the contract, e.g. `The contract /x/openapi.json`. */
  readonly contractName: string;
  readonly validator: LazyValidator;
  /** Leave examples that break their schema to the answerer (the validator is loaded first). */
  readonly checkExamples: boolean;
  readonly keys: ReadonlyMap<string, KeyOutcome> | undefined;
  readonly cors: CorsPolicy;
  readonly journalSize: number;
  /** Rules to add before the first request (checked all at once: one bad rule adds none). */
  readonly rules: readonly unknown[] | undefined;
  readonly requireKey: boolean;
  /** What answers where the compiled contract does not: Prism, or the not-compiled 501. */
  readonly generated: Answerer;
}

/** A composed mock: adapters hand requests to `pipeline`, control requests to `controls`. */
export interface ComposedMock<R extends RecordedAnswers = RecordedAnswers> {
  readonly pipeline: Pipeline;
  readonly controls: MockControls;
  readonly compiled: CompiledContract;
  readonly replay: R | undefined;
}

/**
 * Composes the mock, with the recordings `replayFor` reads once the contract is compiled (--replay); rejects with an
 * error naming the cause (a bad rule, a registry the contract cannot answer).
 */
export async function composeMock<R extends RecordedAnswers>(
  parts: MockParts,
  replayFor?: (compiled: CompiledContract) => Promise<R>,
): Promise<ComposedMock<R>> {
  const { validator, keys } = parts;
  if (parts.checkExamples) await validator.load();
  const compiled = compileContract(parts.model, validator, { checkExamples: parts.checkExamples });
  if (keys) refuseUndocumentedKeyAnswers(compiled, parts.contractName);
  const journal = new Journal(parts.journalSize, compiled.apiKeys);
  const coverage = new Coverage(compiled);
  const controls = new MockControls(compiled, validator, journal, new RuleBook(), new PendingRequests(), coverage);
  // A rule for a key the registry answers with 401 or 403 first could never answer: refused, at every door.
  if (keys) controls.keyBlock = (key) => registryNote(keys, key);
  if (parts.rules !== undefined) await controls.addRules(parts.rules);
  // The rules given at start are the shared ground every test file stands on; from here on, each names its key.
  controls.requireKey = parts.requireKey;
  const replay = replayFor === undefined ? undefined : await replayFor(compiled);
  const pipeline = createPipeline({ contract: compiled, keys, cors: parts.cors, journal, rules: controls.rules, replay, generated: parts.generated, coverage });
  return { pipeline, controls, compiled, replay };
}

/**
 * The key registry answers with the contract's own 401 and 403 bodies, so every operation must document both; and it
 * reads the key as the contract's security schemes say it travels, so they must describe a way.
 */
function refuseUndocumentedKeyAnswers(compiled: CompiledContract, contractName: string): void {
  if (compiled.apiKeys.forms.length === 0) {
    throw new Error(
      `${contractName} describes no way to send an API key (an apiKey or http bearer security scheme its security names), so a key registry could read no key. Serve it without keys.`,
    );
  }
  for (const operation of compiled.operations) {
    for (const status of [401, 403] as const) {
      if (!operation.documentsExample(status)) {
        throw new Error(
          `${contractName} documents no ${status} example for ${operation.name}; the key registry answers with the contract's own bodies, so it needs one.`,
        );
      }
    }
  }
}
