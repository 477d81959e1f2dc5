// The command line: starts the mock (or the contract proxy), runs a command after `--` against it, and stops
// on a signal or when the process that started it is gone. One process: nothing else to stop.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL_VARIABLE, COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { startMock } from '../doors/start-mock.js';
import type { ThumbnailApiOperations } from '../double/operation-types.js';
import type { TestDouble } from '../double/test-double.js';
import type { ContractReport } from '../proxy/contract-report.js';
import type { ReplayCounts } from '../record/replay.js';
import { type CliOptions, parseCliOptions, usage } from './cli-options.js';
import { envArguments, withEnvSources } from './env-options.js';
import { watchParent } from './parent-watch.js';
import { logRequests } from './request-log.js';
import { type RequiredOutcome, requirableOutcomesOf, resolveRequiredCoverage } from './required-coverage.js';
import { wrappedCommandEnv } from './wrapped-command-env.js';
import { endOfRun } from './wrapper-report.js';

/** What --replay serves and what it does not, with a pointer to `propose` for paths the contract lacks. */
function replaySummary(replay: ReplayCounts, dir: string): string {
  const lines = [`Replaying ${replay.served} recording(s) from ${dir}.`];
  if (replay.authAnswers > 0) lines.push(`${replay.authAnswers} recorded 401/403 answer(s) not served: the key registry answers those.`);
  if (replay.undocumented > 0) {
    lines.push(
      `${replay.undocumented} recording(s) of paths the contract does not describe not served; \`npx @thumbnail-api/mock propose ${dir}\` shows what they would add.`,
    );
  }
  return lines.join('\n');
}

/** The signals that stop the mock (SIGHUP: the terminal closed); a command after `--` gets them first. */
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long a command after `--` has to exit once told to stop, before it is killed. */
const commandGraceMs = 5_000;

export async function runCli(argv: readonly string[]): Promise<void> {
  // propose (with yaml) and the proxy are imported when used: the mock's start-up does not wait on them.
  if (argv[0] === 'propose') return (await import('./run-propose.js')).runPropose(argv.slice(1));
  if (argv[0] === 'coverage') return (await import('./run-coverage.js')).runCoverage(argv.slice(1));
  if (argv[0] === 'health') return (await import('./run-health.js')).runHealth(argv.slice(1));
  let options: CliOptions;
  let sources: ReadonlyMap<string, string> = new Map();
  try {
    // Variables (THUMBNAIL_API_MOCK_*) first, so that a flag on the command line wins.
    const fromEnv = envArguments(argv, process.env);
    sources = fromEnv.sources;
    for (const name of fromEnv.unknown) console.error(`thumbnail-api-mock: warning: ${name} is no option of this command; ignored.`);
    options = parseCliOptions([...fromEnv.args, ...argv]);
  } catch (error) {
    console.error(`${withEnvSources((error as Error).message, sources)}\n\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    process.exit(0);
  }
  if (options.version) {
    console.log((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version);
    process.exit(0);
  }

  // Watched from the start, since npx may be gone before the mock is up.
  let onParentGone: () => void = () => process.exit(1);
  watchParent(() => {
    console.error('thumbnail-api-mock: the process that started it has exited; stopping.');
    onParentGone();
  });

  let running: { url: string; stop(): Promise<void> };
  let double: TestDouble<ThumbnailApiOperations, 'now'> | undefined;
  let required: RequiredOutcome[] | undefined;
  let coverageDir: string | undefined;
  let report: (() => ContractReport) | undefined;
  let upstream = '';
  let formatSummary: ((report: ContractReport, upstream: string) => string) | undefined;
  // With --proxy the command gets the URL only: the real service needs the real key, from the environment.
  let commandEnv: Readonly<Record<string, string>> = {};
  try {
    if (options.proxy === undefined) {
      const mock = await startMock({
        host: options.host,
        port: options.port,
        keys: options.keys,
        specPath: options.spec,
        corsOrigin: options.corsOrigins,
        allowedHosts: options.allowedHosts,
        rules: options.rules,
        journalSize: options.journalSize,
        control: options.control,
        requireKey: options.requireKey,
        ...(options.replay === undefined ? {} : { replay: options.replay }),
      });
      running = mock;
      double = mock;
      if (options.requireCoverage !== undefined) required = resolveRequiredCoverage(options.requireCoverage, await requirableOutcomesOf(options.spec));
      // Under the wrapper, the start line also says which key the command gets.
      const wrapped = options.command.length === 0 ? undefined : wrappedCommandEnv(mock.url, options.keys, process.env);
      commandEnv = wrapped?.variables ?? {};
      // Asked for coverage, every mock the command starts writes its own into a folder of this run, added up at the end.
      if (wrapped !== undefined && (options.coverageReport !== undefined || options.requireCoverage !== undefined)) {
        coverageDir = mkdtempSync(join(tmpdir(), 'thumbnail-api-mock-coverage-'));
        commandEnv = { ...commandEnv, [COVERAGE_DIR_VARIABLE]: coverageDir };
      }
      console.log(`Thumbnail API mock listening on ${mock.url}${wrapped ? `, ${wrapped.keyLine}` : ''}`);
      if (wrapped?.warning) console.error(`thumbnail-api-mock: warning: ${wrapped.warning}`);
      if (mock.replay !== undefined) console.log(replaySummary(mock.replay, options.replay!));
    } else {
      const [{ startContractProxy }, { formatExchange, formatSummary: summaryText }] = await Promise.all([
        import('../doors/start-proxy.js'),
        import('../proxy/contract-report.js'),
      ]);
      formatSummary = summaryText;
      const proxy = await startContractProxy({
        upstream: options.proxy,
        host: options.host,
        port: options.port,
        specPath: options.spec,
        allowedHosts: options.allowedHosts,
        onExchange: (exchange) => console.error(formatExchange(exchange)),
        ...(options.record === undefined ? {} : { record: options.record, redact: options.redact }),
        onWarning: (message) => console.error(`thumbnail-api-mock: warning: ${message}`),
      });
      running = proxy;
      commandEnv = { [BASE_URL_VARIABLE]: proxy.url };
      report = proxy.report;
      upstream = proxy.upstream;
      console.log(`Thumbnail API contract proxy listening on ${proxy.url}, forwarding to ${upstream}`);
      if (options.record !== undefined) console.log(`Recording every exchange into ${options.record}`);
    }
  } catch (error) {
    console.error(`thumbnail-api-mock: ${(error as Error).message}`);
    process.exit(1);
  }

  // No await since the start line: no request was answered before the log listens.
  if (options.logRequests) logRequests(Number(new URL(running.url).port || 80), (line) => console.log(line));

  // Output is informational: a closed terminal or a dead reader of our pipes must not stop a clean shutdown.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

  let shuttingDown = false;
  /** Stops the server, prints the proxy's summary, and exits. */
  const shutdown = async (code: number): Promise<never> => {
    shuttingDown = true;
    const settings = {
      coverageReport: options.coverageReport,
      requireCoverage: required,
      commandRan: options.command.length > 0,
      url: running.url,
      coverageDir,
    };
    let exitCode = double === undefined ? code : endOfRun(double, settings, code, (line) => console.error(line));
    if (coverageDir !== undefined) rmSync(coverageDir, { recursive: true, force: true });
    await running.stop();
    if (report && formatSummary) {
      const summary = report();
      console.error(formatSummary(summary, upstream));
      if (options.failOnViolation && summary.violations > 0 && exitCode === 0) exitCode = 1;
    }
    process.exit(exitCode);
  };

  if (options.command.length === 0) {
    const stop = () => {
      if (!shuttingDown) void shutdown(0);
    };
    for (const signal of stopSignals) process.on(signal, stop);
    onParentGone = stop;
    return;
  }
  const [file, ...args] = options.command as [string, ...string[]];
  const child = spawn(file, args, {
    stdio: 'inherit',
    env: { ...process.env, ...commandEnv },
    // npm, npx and friends are .cmd files on Windows, which only a shell runs.
    shell: process.platform === 'win32',
  });
  child.once('error', (error) => {
    console.error(`thumbnail-api-mock: could not run ${file}: ${error.message}`);
    if (!shuttingDown) void shutdown(1);
  });
  child.once('exit', (code, signal) => {
    if (!shuttingDown) void shutdown(code ?? (signal ? 1 : 0));
  });
  // The command may have the signal already (our process group, from a terminal); make sure of it. The mock
  // stops once the command has exited, with its exit code.
  const stopCommand = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), commandGraceMs).unref();
  };
  for (const signal of stopSignals) process.on(signal, () => stopCommand(signal));
  onParentGone = () => stopCommand('SIGTERM');
}
