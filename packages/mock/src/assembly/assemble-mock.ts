// The mock put together, once, for every door: the contract compiled, the journal, the rules (the preloaded ones
// checked), the recordings, the pipeline over them, the controls and the test double tests use, and the control surface.
// It takes what its door has read and checked (MockParts: read-parts.ts reads them from files for the doors on Node.js,
// the browser door from data), and touches no file and no `node:` module, so the browser door builds on it too.
import type { ContractModel } from '@thumbnail-api/spec/model';
import { type CompiledContract, compileContract } from '../contract/compile-contract.js';
import type { LazyValidator } from '../contract/lazy-validator.js';
import type { ControlContext } from '../control/control-routes.js';
import { controlContext } from '../control/control-server.js';
import { MockControls } from '../double/controls.js';
import { Coverage } from '../double/coverage.js';
import { inProcessDouble } from '../double/in-process-double.js';
import { Journal } from '../double/journal.js';
import type { ThumbnailApiOperations } from '../double/operation-types.js';
import { PendingRequests } from '../double/pending.js';
import { RuleBook } from '../double/rules.js';
import type { TestDouble } from '../double/test-double.js';
import type { Answerer } from '../pipeline/answerer.js';
import type { CorsPolicy } from '../pipeline/cors.js';
import { type KeyOutcome, registryNote } from '../pipeline/key-outcome.js';
import { createPipeline, type Pipeline, type RecordedAnswers } from '../pipeline/pipeline.js';
import type { ReplayCounts } from '../record/replay.js';

/** Recordings served (--replay), and how many were left out. */
export interface Replay extends RecordedAnswers, ReplayCounts {}

/** What a door has read and checked. */
export interface MockParts {
  readonly model: ContractModel;
  /** How errors name the contract, e.g. `The contract /x/openapi.json`. */
  readonly contractName: string;
  readonly validator: LazyValidator;
  /** Leave examples that break their schema to the answerer (the validator is loaded first). */
  readonly checkExamples: boolean;
  readonly keys: ReadonlyMap<string, KeyOutcome> | undefined;
  /** Which origins a browser may call the mock from (those listed may also drive `/__mock`). */
  readonly cors: CorsPolicy;
  readonly journalSize: number;
  /** Rules to add before the first request (checked all at once: one bad rule adds none). */
  readonly rules: readonly unknown[] | undefined;
  readonly requireKey: boolean;
  /** Whether `/__mock` is served. */
  readonly control: boolean;
  /** What answers where the compiled contract does not: Prism, or the not-compiled 501. */
  readonly generated: Answerer;
  /** The recordings to serve (--replay), read once the contract is compiled. */
  readonly replay: ((compiled: CompiledContract) => Promise<Replay>) | undefined;
}

/** A mock ready to serve: adapters hand requests to `pipeline`, control requests to `control`. */
export interface AssembledMock {
  readonly pipeline: Pipeline;
  readonly controls: MockControls;
  /** The test double of this mock, in this process. */
  readonly double: TestDouble<ThumbnailApiOperations, 'now'>;
  /** The `/__mock` control surface's routes work with this; `undefined` when it is not served. */
  readonly control: ControlContext | undefined;
  readonly cors: CorsPolicy;
  /** With `replay`: how many recordings are served, and how many are not. */
  readonly replay: ReplayCounts | undefined;
  /** Ends held requests and stops the answerer (Prism, if it started); resolves once nothing of them is left. */
  close(): Promise<void>;
}

/** Assembles the mock; rejects with an error naming the cause (a bad rule, a registry the contract cannot answer). */
export async function assembleMock(parts: MockParts): Promise<AssembledMock> {
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
  const replay = parts.replay === undefined ? undefined : await parts.replay(compiled);
  const pipeline = createPipeline({ contract: compiled, keys, cors: parts.cors, journal, rules: controls.rules, replay, generated: parts.generated, coverage });
  return {
    pipeline,
    controls,
    double: inProcessDouble(controls),
    control: parts.control ? controlContext(controls, compiled) : undefined,
    cors: parts.cors,
    replay: replay === undefined ? undefined : { served: replay.served, undocumented: replay.undocumented, authAnswers: replay.authAnswers },
    async close() {
      controls.pending.end();
      await parts.generated.close();
    },
  };
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
