// startMock: the contract served by Prism, behind a front server that adds the key registry.
import { loadContract } from './contract.js';
import { type KeyRegistry, loadKeyRegistry } from './key-registry.js';
import { launch, type Launched } from './launch.js';
import { createMockHandler } from './mock-handler.js';

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
  /** Answer with a 500 instead of any response or example that would break the contract (Prism `--errors`); defaults to `true`. */
  errors?: boolean;
  /** How long to wait for the server to answer, in milliseconds; defaults to 30 000. */
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
  /** Stops the server and waits until its Prism process has exited. */
  stop(): Promise<void>;
}

/**
 * Serves the contract and resolves once the server answers HTTP requests. Rejects with an error naming the
 * cause (port in use, unreadable contract, bad key registry, Prism failing to start), with nothing left running.
 */
export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const launched = await launchMock(options);
  return { url: launched.url, host: launched.host, port: launched.port, stop: launched.stop };
}

/** {@link startMock}, with the Prism process exposed for the CLI. */
export async function launchMock(options: StartMockOptions): Promise<Launched> {
  const contract = loadContract(options.specPath);
  const keys = options.keys === undefined ? undefined : loadKeyRegistry(options.keys);
  if (keys) {
    for (const operation of contract.operations) {
      for (const status of [401, 403]) {
        if (operation.example(status) === undefined) {
          throw new Error(
            `The contract ${contract.path} documents no ${status} example for ${operation.name}; the key registry answers with the contract's own bodies, so it needs one.`,
          );
        }
      }
    }
  }
  return launch({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 4010,
    prism: { mode: 'mock', specPath: contract.path, errors: options.errors ?? true, startTimeoutMs: options.startTimeoutMs ?? 30_000 },
    createHandler: (prismUrl) => createMockHandler({ contract, keys, prismUrl }),
    probe: true,
  });
}
