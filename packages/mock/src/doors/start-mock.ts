// startMock: the mock served over HTTP from this process. The contract is compiled into answers at start; Prism is
// loaded into the process only by the first request that needs it (e.g. `Prefer: dynamic=true`).

import { assembleMock } from '../assembly/assemble-mock.js';
import { checkOptions, checks, type MockOptions } from '../assembly/options.js';
import { type AnswererFor, readParts } from '../assembly/read-parts.js';
import type { LazyValidator } from '../contract/lazy-validator.js';
import type { ServedContract } from '../contract/read-contract.js';
import type { ContractOperations, ThumbnailApiOperations } from '../double/operation-types.js';
import type { TestDouble } from '../double/test-double.js';
import { allowedHostsOf } from '../http/allowed-hosts.js';
import { writeCoverageIntoRun } from '../node/coverage-file.js';
import { startFrontServer } from '../node/front-server.js';
import { createNodeHandler } from '../node/node-adapter.js';
import { type Answerer, lazyAnswerer } from '../pipeline/answerer.js';
import type { ReplayCounts } from '../record/replay.js';

/** Options of {@link startMock}: the mock's own ({@link MockOptions}) and where it listens. */
export interface StartMockOptions extends MockOptions {
  /** Interface to listen on; defaults to `127.0.0.1`. */
  host?: string;
  /** Port to listen on; defaults to `4010`. `0` picks a free port (read it from `url` or `port`). */
  port?: number;
  /** How long a request that needs Prism (e.g. `Prefer: dynamic=true`) waits for it to load, in milliseconds; defaults to 30 000. */
  startTimeoutMs?: number;
}

/** A server that answers on `url` until stopped. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. Pass it as the client's `baseUrl`. */
  readonly url: string;
  /** The interface it listens on. */
  readonly host: string;
  /** The port it listens on (the one picked when `port` was `0`). */
  readonly port: number;
  /** Stops the server (and Prism, if a request loaded it), ends held and delayed requests; resolves once nothing of it is left. */
  stop(): Promise<void>;
}

/** A running mock server, with its journal and rules (typed by the bundled contract, or by `C` for another). */
export interface RunningMock<C extends ContractOperations = ThumbnailApiOperations> extends RunningServer, TestDouble<C, 'now'> {
  /** With `replay`: how many recordings are served, and how many are not (paths the contract lacks; 401/403 answers). */
  readonly replay?: ReplayCounts;
}

/** The options only startMock() takes, with their checks. */
const ownOptions = {
  host: checks.string('an interface to listen on, e.g. "127.0.0.1"'),
  port: checks.port,
  startTimeoutMs: checks.milliseconds,
};

/**
 * Serves the contract and resolves once the server answers HTTP requests. Rejects with an error naming the
 * cause (an unknown option, port in use, unreadable contract, bad key registry, bad rule), with nothing left running.
 * The test double's types are the bundled contract's; serving another (`specPath`), pass its openapi-typescript
 * `operations` as `C`, or `AnyOperations`.
 */
export async function startMock<C extends ContractOperations = ThumbnailApiOperations>(options: StartMockOptions = {}): Promise<RunningMock<C>> {
  const checked = checkOptions<StartMockOptions>('startMock()', options, ownOptions);
  return serveMock<C>(checked, (contract, validator) => prismAnswerer(contract, validator, checked));
}

/** Prism as the answerer of what the compiled contract does not cover, its modules imported by the first request that needs it. */
function prismAnswerer(contract: ServedContract, validator: LazyValidator, options: StartMockOptions): Answerer {
  return lazyAnswerer(async () => {
    const { createPrismAnswerer } = await import('../prism/prism-answerer.js');
    return createPrismAnswerer({ specPath: contract.path, errors: options.errors ?? true, startTimeoutMs: options.startTimeoutMs ?? 30_000, validator });
  });
}

/** Assembles the mock with `answererFor` and serves it over node:http (for startMock() and the compiled-only mock of internal.ts). */
export async function serveMock<C extends ContractOperations = ThumbnailApiOperations>(
  options: StartMockOptions,
  answererFor: AnswererFor,
): Promise<RunningMock<C>> {
  const allowedHosts = allowedHostsOf(options.allowedHosts);
  const mock = await assembleMock(await readParts(options, answererFor));
  const server = await startFrontServer(options.host ?? '127.0.0.1', options.port ?? 4010, allowedHosts).catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  server.use(createNodeHandler(mock));
  try {
    writeCoverageIntoRun(mock.controls.coverage, 'startMock()', server.url);
  } catch (error) {
    await server.stop();
    await mock.close();
    throw error;
  }
  const replay = mock.replay === undefined ? {} : { replay: mock.replay };
  return Object.assign(mock.double as unknown as TestDouble<C, 'now'>, { url: server.url, host: server.host, port: server.port, stop: server.stop }, replay);
}
