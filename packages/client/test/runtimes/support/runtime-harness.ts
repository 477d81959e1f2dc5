// Runs test/runtimes/fixtures/probe.mjs in a real runtime against the built client (dist/), from a throwaway
// consumer folder whose node_modules links this package, as an installed copy would be found.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProcessResult, runProcess } from '@thumbnail-api/dev-tools/run-process';
import { type BuildOptions, build } from 'esbuild';
import { afterAll } from 'vitest';
import { json, type LocalServer, type Responder, useLocalServers } from '../../support/local-server.js';

const clientRoot = fileURLToPath(new URL('../../../', import.meta.url));
const probeSource = fileURLToPath(new URL('../fixtures/probe.mjs', import.meta.url));
const requireHere = createRequire(join(clientRoot, 'package.json'));
const MARK = 'PROBE-REPORT:';

/** How one scenario of the probe ended. */
export interface Outcome {
  ok: boolean;
  name?: string;
  message?: string;
  flag?: string;
  typed?: boolean;
  /** Whether the key shows in the error's String(), JSON, stack or cause. */
  keyShown?: boolean;
}

/** What the probe reports. */
export interface ProbeReport {
  looksLikeNode: boolean;
  call: Outcome & { attempts: number; keyLogged: boolean };
  missingKey: Outcome;
  missingBaseUrl: Outcome;
  fromSettings: Outcome;
  /** thumbnails.create(), which the server answers with {@link answerForRuntimes}'s 421. */
  post: Outcome;
}

/**
 * What the runtime tests' server answers: 200 `{}`, but 421 Misdirected Request to a POST, which the Fetch standard
 * has fetch re-send when it can replay the body: the client's one-shot body must keep it to one POST in every runtime.
 */
const answerForRuntimes: Responder = (request, res) =>
  request.method === 'POST' ? json(res, 421, { success: false, error: 'Misdirected Request' }) : json(res, 200, {});

/** What the probe gets: the key and base URL for the call, and for a Worker the `env` bindings to build a client from. */
export interface ProbeSettings {
  apiKey: string;
  baseUrl: string;
  bindings?: Record<string, string>;
}

/** A finished process. */
export type Finished = ProcessResult;

/** One run of the probe: the server it called, how its program ended, and what it reported. */
export interface ProbeRun {
  server: LocalServer;
  finished: Finished;
  report: ProbeReport;
}

/** How a runtime test runs the probe: `main` made from the key and the server's URL, then `launch` in the consumer folder. */
export interface ProbeRunOptions {
  apiKey: string;
  main: (settings: ProbeSettings) => string;
  launch: (folder: string, server: LocalServer) => Promise<Finished>;
}

/** The runtime binaries this package's devDependencies install (bun's needs its install script: see pnpm-workspace.yaml). */
export function runtimeBinary(name: 'bun' | 'deno' | 'workerd'): string {
  const packageDir = dirname(requireHere.resolve(`${name}/package.json`));
  const path = join(packageDir, { bun: 'bin/bun.exe', deno: 'deno', workerd: 'bin/workerd' }[name]);
  if (!existsSync(path)) throw new Error(`${path} is missing: its package's install script did not run (pnpm onlyBuiltDependencies).`);
  return path;
}

/** The edge-runtime CLI (a Node program). */
export const edgeRuntimeCli = join(dirname(requireHere.resolve('edge-runtime/package.json')), 'dist', 'cli', 'index.js');

/**
 * Registers the cleanup of a test file and returns how it runs the probe: against a fresh server answering as
 * {@link answerForRuntimes}, from a fresh consumer folder.
 */
export function useProbeRuns(): (options: ProbeRunOptions) => Promise<ProbeRun> {
  const serve = useLocalServers();
  const consumerFolder = useConsumerFolders();
  return async ({ apiKey, main, launch }) => {
    const server = await serve(answerForRuntimes);
    const folder = consumerFolder(main({ apiKey, baseUrl: server.url }));
    const finished = await launch(folder, server);
    return { server, finished, report: reportOf(finished) };
  };
}

/** Registers cleanup and returns a function that makes a consumer folder with the probe and a `main` module. */
function useConsumerFolders(): (main: string) => string {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  return (main) => {
    if (!existsSync(join(clientRoot, 'dist', 'index.js')))
      throw new Error('dist/ is missing: build the client first (pnpm --filter @thumbnail-api/client build).');
    const folder = mkdtempSync(join(tmpdir(), 'thumbnail-client-runtime-'));
    folders.push(folder);
    mkdirSync(join(folder, 'node_modules', '@thumbnail-api'), { recursive: true });
    symlinkSync(clientRoot, join(folder, 'node_modules', '@thumbnail-api', 'client'), 'dir');
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true, dependencies: { '@thumbnail-api/client': '*' } }));
    copyFileSync(probeSource, join(folder, 'probe.mjs'));
    writeFileSync(join(folder, 'main.mjs'), main);
    return folder;
  };
}

/** A main module that runs the probe and prints its report (Bun, Deno). */
export function printingMain(settings: ProbeSettings): string {
  return `import { probe } from './probe.mjs';\nconsole.log(${JSON.stringify(MARK)} + JSON.stringify(await probe(${JSON.stringify(settings)})));\n`;
}

/** A Worker whose test handler runs the probe with its `env` bindings and prints the report (workerd test). */
export function workerMain(settings: Omit<ProbeSettings, 'bindings'>): string {
  return (
    `import { probe } from './probe.mjs';\n` +
    `export default { async test(controller, env) { console.log(${JSON.stringify(MARK)} + JSON.stringify(await probe({ ...${JSON.stringify(settings)}, bindings: env }))); } };\n`
  );
}

/** A script whose completion value is the promise of the report, for edge-runtime's --eval. */
export function edgeMain(settings: ProbeSettings): string {
  return `import { probe } from './probe.mjs';\nglobalThis.probeReport = probe(${JSON.stringify(settings)}).then((report) => ${JSON.stringify(MARK)} + JSON.stringify(report));\n`;
}

/** Bundles `main.mjs` of a consumer folder as a deployment tool would for that runtime. */
export async function bundle(folder: string, options: BuildOptions): Promise<string> {
  const result = await build({ entryPoints: [join(folder, 'main.mjs')], bundle: true, write: false, logLevel: 'silent', ...options });
  return result.outputFiles?.[0]?.text ?? '';
}

/** Runs a program to its end, killing it after `timeoutMs`. The environment is only what is given (no THUMBNAIL_* from the shell). */
export function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<Finished> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...options.env };
  return runProcess(command, args, { cwd: options.cwd, env, timeoutMs: options.timeoutMs ?? 30_000 });
}

/** The report a probe printed; fails with the program's output when there is none. */
function reportOf(finished: Finished): ProbeReport {
  const line = finished.stdout.split('\n').find((text) => text.includes(MARK));
  if (!line) throw new Error(`The probe printed no report (exit code ${finished.code}).\nstdout:\n${finished.stdout}\nstderr:\n${finished.stderr}`);
  return JSON.parse(line.slice(line.indexOf(MARK) + MARK.length)) as ProbeReport;
}
