import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { openapiYamlPath } from '@thumbnail-api/spec';

/** Options of {@link startMock}. */
export interface StartMockOptions {
  /** Interface to listen on; defaults to `127.0.0.1`. */
  host?: string;
  /** Port to listen on; defaults to `4010`. `0` picks a free port. */
  port?: number;
  /** Contract to serve; defaults to the contract bundled with this package. */
  specPath?: string;
  /** Answer responses that would break the contract with a 500 instead (Prism `--errors`); defaults to `true`. */
  errors?: boolean;
  /** How long to wait for the server to answer, in milliseconds; defaults to 30 000. */
  startTimeoutMs?: number;
}

/** A running mock server. */
export interface RunningMock {
  /** Base URL of the mock, e.g. `http://127.0.0.1:4010`. Pass it as the client's `baseUrl`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops the server and waits until its process has exited. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const prismCli = require.resolve('@stoplight/prism-cli/dist/index.js');

/** Starts Prism on the bundled contract and resolves once the server answers HTTP requests. */
export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port === 0 ? await findFreePort(host) : (options.port ?? 4010);
  const specPath = options.specPath ?? openapiYamlPath;
  const args = [prismCli, 'mock', specPath, '--host', host, '--port', String(port)];
  if (options.errors ?? true) args.push('--errors');

  const env: NodeJS.ProcessEnv = { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' };
  delete env.NODE_ENV; // Prism's cluster start-up breaks under NODE_ENV=production.
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const record = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    await waitUntilAnswering(child, url, options.startTimeoutMs ?? 30_000, output);
  } catch (error) {
    await stopProcess(child);
    process.removeListener('exit', killOnExit);
    throw error;
  }
  return {
    url,
    host,
    port,
    async stop() {
      await stopProcess(child);
      process.removeListener('exit', killOnExit);
    },
  };
}

async function waitUntilAnswering(child: ChildProcess, url: string, timeoutMs: number, output: string[]): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The mock server exited before it answered on ${url}.${describeOutput(output)}`);
    try {
      await fetch(`${url}/api/thumbnails`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`The mock server did not answer on ${url} within ${timeoutMs} ms.${describeOutput(output)}`);
}

function describeOutput(output: string[]): string {
  const text = output.join('').trim();
  return text ? `\nPrism said:\n${text.split('\n').slice(-20).join('\n')}` : '';
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
