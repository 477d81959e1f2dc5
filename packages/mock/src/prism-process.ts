// Runs Prism as a child process on a private loopback port, and makes sure it never outlives us.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { childWatchPreload } from './parent-watch.js';

/** How to run Prism. */
export interface PrismOptions {
  /** `mock` answers from the contract; `proxy` forwards to `upstream` and validates the traffic. */
  readonly mode: 'mock' | 'proxy';
  readonly specPath: string;
  readonly upstream?: string;
  /** Prism's `--errors`: answer responses that would break the contract with a 500 instead. */
  readonly errors: boolean;
  readonly startTimeoutMs: number;
}

/** A Prism child that answers HTTP on `url`. */
export interface PrismProcess {
  readonly url: string;
  readonly pid: number;
  /** Resolves once the child has exited, for whatever reason. */
  readonly exited: Promise<void>;
  /** The last lines Prism printed, for error messages. */
  lastOutput(): string;
  /** Stops the child and waits until it has exited. */
  stop(): Promise<void>;
}

const loopback = '127.0.0.1';

const maxAttempts = 3;
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Starts Prism and resolves once it answers HTTP requests on its private port. */
export async function startPrism(options: PrismOptions): Promise<PrismProcess> {
  const deadline = Date.now() + options.startTimeoutMs;
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    const prism = spawnPrism(options, port);
    try {
      await waitUntilAnswering(prism, deadline, options.startTimeoutMs);
      return prism;
    } catch (error) {
      await prism.stop();
      // Another process can take the free port between our probe and Prism's listen: try a new one.
      const lostPortRace = prism.lastOutput().includes('EADDRINUSE') && attempt < maxAttempts && Date.now() < deadline;
      if (!lostPortRace) throw error;
    }
  }
}

function spawnPrism(options: PrismOptions, port: number): PrismProcess {
  const args = [
    // Prism exits by itself once we are gone, even when we were killed without a chance to stop it.
    '--import',
    `data:text/javascript,${encodeURIComponent(childWatchPreload)}`,
    prismCliPath(),
    options.mode,
    options.specPath,
    ...(options.mode === 'proxy' && options.upstream !== undefined ? [options.upstream] : []),
    '--host',
    loopback,
    '--port',
    String(port),
    `--errors=${options.errors}`,
    // In one process: Prism's cluster mode (on by default under NODE_ENV=production) breaks start-up.
    '--multiprocess=false',
    // Prism's per-request info logs halve its throughput; warnings and start-up failures still show.
    '--verboseLevel=warn',
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  track(child);

  const tail: string[] = [];
  const record = (chunk: Buffer) => {
    // Always read the output: a full pipe would block Prism.
    tail.push(...chunk.toString('utf8').split('\n').filter((line) => line.trim() !== ''));
    if (tail.length > 30) tail.splice(0, tail.length - 30);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  child.stdin?.on('error', () => {}); // The child may be gone already when we close its stdin.
  child.on('error', (error) => tail.push(`Could not run Prism: ${error.message}`));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });

  return {
    url: `http://${loopback}:${port}`,
    pid: child.pid ?? -1,
    exited,
    lastOutput: () => tail.join('\n'),
    stop: () => stopChild(child, exited),
  };
}

async function waitUntilAnswering(prism: PrismProcess, deadline: number, timeoutMs: number): Promise<void> {
  let exited = false;
  void prism.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Prism could not start: it exited before it answered.${describe(prism)}`);
    try {
      const response = await fetch(`${prism.url}/`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (!exited) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`Prism did not answer within ${timeoutMs} ms.${describe(prism)}`);
}

function describe(prism: PrismProcess): string {
  const output = prism.lastOutput();
  return output ? ` Prism said:\n${output}` : '';
}

function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    child.stdin?.end();
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    void exited.then(() => clearTimeout(force));
  }
  return exited;
}

function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  child.once('error', () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A process that exits without stopping its mocks takes their Prism children with it.
    process.once('exit', () => {
      for (const running of live) running.kill('SIGKILL');
    });
  }
}

function prismCliPath(): string {
  try {
    return createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  } catch {
    throw new Error('Cannot find @stoplight/prism-cli, a dependency of @thumbnail-api/mock: reinstall @thumbnail-api/mock.');
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, loopback, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
