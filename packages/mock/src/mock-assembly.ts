// The mock put together once for the doors that run on Node.js (startMock(), createHandlers(), the compiled-only mock
// of internal.ts): the contract, the key registry, the rules and the recordings read from their files and checked,
// then composed (compose-mock.ts) with the answerer of what the compiled contract does not cover.
import { composeMock } from './compose-mock.js';
import { type LazyValidator, lazyValidator } from './contract/lazy-validator.js';
import { readContract, type ServedContract } from './contract/read-contract.js';
import { CONTROL_PREFIX, type ControlContext } from './control/control-routes.js';
import { controlContext } from './control/control-server.js';
import type { MockControls } from './double/controls.js';
import { DEFAULT_JOURNAL_SIZE } from './double/journal.js';
import { inProcessDouble, type MockTestDouble } from './double/test-double.js';
import { type AllowedHosts, allowedHostsOf } from './http/allowed-hosts.js';
import { type MockOptions, rulesFrom } from './options.js';
import type { Answerer } from './pipeline/answerer.js';
import { type CorsPolicy, corsPolicy } from './pipeline/cors.js';
import { loadKeyRegistry } from './pipeline/key-registry.js';
import type { Pipeline } from './pipeline/pipeline.js';

/** A mock ready to serve: adapters hand requests to `pipeline` and control requests to `controls`. */
export interface AssembledMock {
  readonly pipeline: Pipeline;
  readonly controls: MockControls;
  /** The test-double methods of this mock, in this process. */
  readonly double: MockTestDouble;
  /** The `/__mock` control surface's routes work with this; `undefined` when it is not served. */
  readonly control: ControlContext | undefined;
  /** Which origins a browser may call the mock from (those listed may also drive `/__mock`). */
  readonly cors: CorsPolicy;
  /** The Host names answered over the network besides IP addresses and localhost. */
  readonly allowedHosts: AllowedHosts;
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
  const allowedHosts = allowedHostsOf(options.allowedHosts);
  const validator = lazyValidator(contract.model);
  const generated = answererFor(contract, validator);
  const { pipeline, controls, compiled, replay } = await composeMock(
    {
      model: contract.model,
      contractName: `The contract ${contract.path}`,
      validator,
      // With --errors (Prism's default here) an example that breaks its schema is Prism's to answer (with a 500).
      checkExamples: (options.errors ?? true) && options.specPath !== undefined,
      keys,
      cors,
      journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
      rules: rulesFrom(options.rules),
      requireKey: options.requireKey ?? false,
      generated,
    },
    // Imported with --replay only: the recordings' modules are not in every start-up's path.
    options.replay === undefined
      ? undefined
      : async (compiled) => (await import('./record/replay.js')).loadReplay(options.replay!, compiled, await validator.load()),
  );
  return {
    pipeline,
    controls,
    double: inProcessDouble(controls),
    control: control ? controlContext(controls, compiled) : undefined,
    cors,
    allowedHosts,
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
