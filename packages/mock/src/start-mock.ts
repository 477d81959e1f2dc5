// startMock: the contract compiled into answers, served from this process; Prism is loaded only for what the
// compiled answers do not cover (e.g. `Prefer: dynamic=true`). Rules and the journal make it a test double.
import { resolve } from 'node:path';
import type { LazyValidator } from './contract/lazy-validator.js';
import type { ServedContract } from './contract/read-contract.js';
import { createMockEngine } from './engine/create-mock-engine.js';
import { readJsonFile } from './engine/json-file.js';
import type { KeyRegistry } from './engine/key-registry.js';
import type { MockRule } from './engine/rule-check.js';
import { startFrontServer } from './http/front-server.js';
import { createNodeHandler, type Fallback } from './http/node-adapter.js';
import { type MockTestDouble, testDoubleOf } from './mock-api.js';

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
  /** How many requests the journal keeps (the newest); defaults to 1000; `0` turns it off. */
  journalSize?: number;
  /** Rules in force from the start, or the path of a JSON file holding an array of them. */
  rules?: readonly MockRule[] | string;
  /** Serve the control surface under `/__mock` (requests, rules, reset over HTTP); defaults to `true`. */
  control?: boolean;
  /** A folder of recordings made with the contract proxy's `record`: documented operations are answered from them. */
  replay?: string;
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

/** A running mock server, with its journal and rules. */
export interface RunningMock extends RunningServer, MockTestDouble {
  /** With `replay`: how many recordings are served, and how many are not (paths the contract lacks; 401/403 answers). */
  readonly replay?: { readonly served: number; readonly undocumented: number; readonly authAnswers: number };
}

/**
 * Serves the contract and resolves once the server answers HTTP requests. Rejects with an error naming the
 * cause (port in use, unreadable contract, bad key registry, bad rule), with nothing left running.
 */
export function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  return serveMock(options, (contract, validator) =>
    lazyPrismFallback({ specPath: contract.path, errors: options.errors ?? true, startTimeoutMs: options.startTimeoutMs ?? 30_000, validator }),
  );
}

/**
 * Prism's fallback, its modules imported by the first request that needs Prism: not in every start-up's path. Once
 * closed it forwards nothing, so a Prism whose modules were still loading at `close()` never starts (and `close()`
 * does not wait for them).
 */
function lazyPrismFallback(options: { specPath: string; errors: boolean; startTimeoutMs: number; validator: LazyValidator }): Fallback {
  let loading: Promise<Fallback> | undefined;
  let loaded: Fallback | undefined;
  let closed = false;
  return {
    forward(request, res, operation, cors, settle) {
      loading ??= import('./prism/prism-fallback.js').then(({ createPrismFallback }) => {
        loaded = createPrismFallback(options);
        return loaded;
      });
      loading.then(
        (fallback) => {
          if (closed) res.destroy();
          else fallback.forward(request, res, operation, cors, settle);
        },
        () => res.destroy(),
      );
    },
    async close() {
      closed = true;
      await loaded?.close();
    },
  };
}

/** Builds the engine and serves it, with `fallback` for what the compiled answers do not cover. */
export async function serveMock(
  options: StartMockOptions,
  fallbackFor: (contract: ServedContract, validator: LazyValidator) => Fallback,
): Promise<RunningMock> {
  const control = options.control ?? true;
  const rules = typeof options.rules === 'string' ? readRulesFile(options.rules) : options.rules;
  const { engine, controls, contract, validator, replay } = await createMockEngine({ ...options, rules, control });
  const server = await startFrontServer(options.host ?? '127.0.0.1', options.port ?? 4010);
  server.use(createNodeHandler({ engine, controls: control ? controls : undefined, fallback: fallbackFor(contract, validator) }));
  const counts = replay === undefined ? {} : { replay: { served: replay.served, undocumented: replay.undocumented, authAnswers: replay.authAnswers } };
  return Object.assign(testDoubleOf(controls), { url: server.url, host: server.host, port: server.port, stop: server.stop }, counts);
}

function readRulesFile(path: string): unknown[] {
  const where = `The rules file ${resolve(path)}`;
  const rules = readJsonFile(path, where, '[{"operationId": "listThumbnails", "answer": {"status": 503}}]');
  if (!Array.isArray(rules)) throw new Error(`${where} must hold a JSON array of rules.`);
  return rules;
}
