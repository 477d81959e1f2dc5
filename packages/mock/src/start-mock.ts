// startMock: the contract compiled into answers, served from this process; Prism is loaded only for what the
// compiled answers do not cover (e.g. `Prefer: dynamic=true`).

import { compileContract } from './compiled/compile-contract.js';
import type { Fallback } from './compiled/compiled-handler.js';
import { createMockHandler } from './compiled/compiled-handler.js';
import { type KeyRegistry, loadKeyRegistry } from './compiled/key-registry.js';
import { type LazyValidator, lazyValidator } from './contract/lazy-validator.js';
import { readContract, type ServedContract } from './contract/read-contract.js';
import { createPrismFallback } from './prism/prism-fallback.js';
import { corsPolicy } from './server/cors.js';
import { startFrontServer } from './server/front-server.js';

/** Options of {@link startMock}. */
export interface StartMockOptions {
  /** Interface to listen on; defaults to `127.0.0.1`. */
  host?: string;
  /** Port to listen on; defaults to `4010`. `0` picks a free port (read it from `url` or `port`). */
  port?: number;
  /** Key registry, or the path of a JSON file holding one; without it any non-empty key is accepted, as Prism does. */
  keys?: KeyRegistry | string;
  /** Contract to serve, as one bundled OpenAPI 3 file; defaults to the contract bundled with this package. */
  specPath?: string;
  /** Origins a browser may call the mock from (e.g. `http://localhost:5173`); defaults to every origin. */
  corsOrigin?: string | readonly string[];
  /** Answer with a 500 instead of any response or example that would break the contract (Prism `--errors`); defaults to `true`. */
  errors?: boolean;
  /** How long a request that needs Prism (e.g. `Prefer: dynamic=true`) waits for it to load, in milliseconds; defaults to 30 000. */
  startTimeoutMs?: number;
}

/** A running mock server. */
export interface RunningMock {
  /** Base URL of the mock, e.g. `http://127.0.0.1:4010`. Pass it as the client's `baseUrl`. */
  readonly url: string;
  /** The interface the mock listens on. */
  readonly host: string;
  /** The port the mock listens on (the one picked when `port` was `0`). */
  readonly port: number;
  /** Stops the server (and Prism, if a request loaded it); resolves once nothing of it is left. */
  stop(): Promise<void>;
}

/**
 * Serves the contract and resolves once the server answers HTTP requests. Rejects with an error naming the
 * cause (port in use, unreadable contract, bad key registry), with nothing left running.
 */
export function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  return serveMock(options, (contract, validator) =>
    createPrismFallback({ specPath: contract.path, errors: options.errors ?? true, startTimeoutMs: options.startTimeoutMs ?? 30_000, validator }),
  );
}

/** Compiles the contract and serves it, with `fallback` for what the compiled answers do not cover. */
export async function serveMock(
  options: StartMockOptions,
  fallbackFor: (contract: ServedContract, validator: LazyValidator) => Fallback,
): Promise<RunningMock> {
  const contract = await readContract(options.specPath);
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
  const server = await startFrontServer(options.host ?? '127.0.0.1', options.port ?? 4010);
  server.use(createMockHandler({ contract: compiled, keys, cors, fallback: fallbackFor(contract, validator) }));
  return { url: server.url, host: server.host, port: server.port, stop: server.stop };
}
