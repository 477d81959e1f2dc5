// The Prism CLI started as users start it (`prism mock <contract> --errors`) on a free loopback port, as a reference
// to compare against. The caller names the CLI it depends on, so each package keeps its own pinned Prism.
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, LOOPBACK } from './loopback-port.js';

/** A running Prism CLI. */
export interface PrismCli {
  readonly url: string;
  readonly pid: number;
  /** Prism's last lines of output, for failure messages. */
  lastOutput(): string;
  /** Whether the process is still running (a request that crashes Prism ends it). */
  alive(): boolean;
  /** SIGTERM, then SIGKILL 5 s later; resolves once the process has exited. */
  stop(): Promise<void>;
}

export interface PrismCliOptions {
  /** The CLI's script, e.g. `createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js')`. */
  readonly cliPath: string;
  /** The bundled OpenAPI document to serve. */
  readonly specPath: string;
  /** How long to wait for it to answer HTTP (default 60 s: its start-up grows with the machine's load). */
  readonly startTimeoutMs?: number;
}

/** Starts `prism mock <specPath> --errors` and resolves once it answers HTTP; rejects with its output if it cannot. */
export async function startPrismCli(options: PrismCliOptions): Promise<PrismCli> {
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  // Prism cannot listen on port 0 and say which port it got: take a free one, and retry if another process took it.
  for (let attempt = 1; ; attempt++) {
    const prism = spawnPrism(options.cliPath, options.specPath, await freePort());
    try {
      await waitUntilAnswering(prism, deadline);
      return prism;
    } catch (error) {
      await prism.stop();
      if (!prism.lastOutput().includes('EADDRINUSE') || attempt >= 3) throw error;
    }
  }
}

function spawnPrism(cliPath: string, specPath: string, port: number): PrismCli {
  const args = [cliPath, 'mock', specPath, '--host', LOOPBACK, '--port', String(port), '--errors=true', '--multiprocess=false', '--verboseLevel=warn'];
  const env: NodeJS.ProcessEnv = { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' };
  delete env.NODE_ENV; // Prism's cluster mode (default under production) breaks its start-up.
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  // Always drained: a full pipe would stall Prism.
  const record = (chunk: Buffer) => {
    tail.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    tail.splice(0, Math.max(0, tail.length - 20));
  };
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    url: `http://${LOOPBACK}:${port}`,
    pid: child.pid ?? -1,
    lastOutput: () => tail.join('\n'),
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      process.off('exit', killOnExit);
      await stopChild(child, exited);
    },
  };
}

async function waitUntilAnswering(prism: PrismCli, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (!prism.alive()) throw new Error(`The Prism CLI exited before it answered:\n${prism.lastOutput()}`);
    try {
      await (await fetch(`${prism.url}/`, { signal: AbortSignal.timeout(1_000) })).arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`The Prism CLI did not answer in time:\n${prism.lastOutput()}`);
}

function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    void exited.then(() => clearTimeout(force));
  }
  return exited;
}
