// Prism in this process, built as its CLI builds it (prism-cli's createServer.ts), on a private loopback port.
// Its modules take about a second to load, so they are loaded only when a request or the proxy needs them.
import { carriedPrism, NOT_CARRIED } from './prism-carried.js';
import { prismLoadError } from './prism-install.js';

// What the mock uses of Prism's modules (their own typings pull in pino's, which are not installed).
interface PrismModules {
  readonly server: {
    createServer(
      operations: unknown[],
      options: { cors: boolean; config: object; components: { logger: unknown } },
    ): {
      listen(port: number, host: string): Promise<string>;
      close(): Promise<void>;
    };
  };
  readonly http: { getHttpOperationsFromSpec(document: string): Promise<unknown[]> };
  readonly core: { createLogger(name: string, options: { level: string }): { child(bindings: object): unknown } };
  readonly extensions: { configureExtensionsUserProvided(document: string, params: object): Promise<void> };
}

/** How to run Prism. */
export interface PrismServerOptions {
  /** `mock` answers from the contract (the contract proxy calls Prism's validators instead: prism-validators.ts). */
  readonly mode: 'mock';
  readonly specPath: string;
  /** Prism's `--errors`: answer responses that would break the contract with a 500 instead. */
  readonly errors: boolean;
  /** Prism's `--cors`: its own CORS headers and preflight answers (the CLI's default). */
  readonly cors: boolean;
  readonly host?: string;
  readonly port?: number;
  /** What Prism is loaded for, as the error of a Prism that is not installed names it. */
  readonly purpose?: string;
  /** Aborted when whatever wanted Prism stopped meanwhile: it then never listens. */
  readonly signal?: AbortSignal;
}

/** A Prism server answering on `url`. */
export interface PrismServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Loads Prism and starts its HTTP server; rejects with an error saying what failed. */
export async function startPrismServer(options: PrismServerOptions): Promise<PrismServer> {
  const [serverModule, http, core, extensions] = await loadPrism(
    ['@stoplight/prism-http-server', '@stoplight/prism-http', '@stoplight/prism-core', '@stoplight/prism-cli/dist/extensions.js'],
    options.purpose ?? 'Prism as the reference mock',
  );
  const prism = { server: serverModule, http, core, extensions } as PrismModules;
  options.signal?.throwIfAborted();
  const { createServer } = prism.server;
  const { getHttpOperationsFromSpec } = prism.http;
  const { createLogger } = prism.core;
  const operations = await getHttpOperationsFromSpec(options.specPath);
  // The CLI applies the document's x-json-schema-faker settings to the generator of `Prefer: dynamic=true` bodies.
  await prism.extensions.configureExtensionsUserProvided(options.specPath, {});
  const shared = {
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: options.errors,
    upstreamProxy: undefined,
    mock: { dynamic: false, ignoreExamples: false },
  };
  const config = { ...shared, isProxy: false as const };
  // Prism logs every request; silent, as the mock's own output says what matters.
  const logger = createLogger('PRISM', { level: 'silent' });
  options.signal?.throwIfAborted();
  const server = createServer(operations, { cors: options.cors, config, components: { logger: logger.child({ name: 'HTTP SERVER' }) } });
  const url = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return { url, close: () => server.close().catch(() => undefined) };
}

/**
 * `pending`, or a rejection saying Prism did not `what` within `ms` once they have passed (Prism goes on loading
 * meanwhile; its modules hold no server or socket until it listens).
 */
export function prismWithin<T>(pending: Promise<T>, ms: number, what: 'start' | 'load'): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not ${what} within ${ms} ms.`)), ms);
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Prism's modules, by specifier, for `purpose` (e.g. "The contract proxy"); rejects with one line naming the command
 * that installs Prism when it is not installed (an optional peer dependency) or cannot be loaded.
 */
export async function loadPrism(specifiers: readonly string[], purpose: string): Promise<unknown[]> {
  try {
    return await Promise.all(specifiers.map(load));
  } catch (error) {
    throw prismLoadError(purpose, error);
  }
}

/** A CommonJS module's exports, however the runtime hands them to `import()`. */
async function load(specifier: string): Promise<unknown> {
  const build = carriedPrism();
  if (build !== undefined) {
    const module = build.module(specifier);
    if (module === undefined) throw Object.assign(new Error(`Prism's ${specifier} is not in this build.`), { code: NOT_CARRIED });
    return module;
  }
  const namespace = (await import(specifier)) as { default?: unknown };
  return namespace.default ?? namespace;
}
