#!/usr/bin/env node
// thumbnail-api-mock: the mock (or the contract proxy) on the command line, for local use and CI.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { type CliOptions, parseCliOptions, usage } from './cli-options.js';
import { type ContractReport, formatExchange, formatSummary } from './contract-report.js';
import type { Launched } from './launch.js';
import { watchParent } from './parent-watch.js';
import { launchMock } from './start-mock.js';
import { launchContractProxy } from './start-proxy.js';

/** The environment variable a command run after `--` finds the mock's URL in. */
const baseUrlVariable = 'THUMBNAIL_API_BASE_URL';

let options: CliOptions;
try {
  options = parseCliOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
if (options.version) {
  console.log((createRequire(import.meta.url)('../package.json') as { version: string }).version);
  process.exit(0);
}

// Watched from the start, since npx may be gone before the mock is up; until then, Prism's exit hook suffices.
let onParentGone: () => void = () => process.exit(1);
watchParent(() => {
  console.error('thumbnail-api-mock: the process that started it has exited; stopping.');
  onParentGone();
});

let launched: Launched;
let report: (() => ContractReport) | undefined;
let upstream = '';
try {
  if (options.proxy === undefined) {
    launched = await launchMock({ host: options.host, port: options.port, keys: options.keys, specPath: options.spec });
    console.log(`Thumbnail API mock listening on ${launched.url}`);
  } else {
    const started = await launchContractProxy({
      upstream: options.proxy,
      host: options.host,
      port: options.port,
      specPath: options.spec,
      onExchange: (exchange) => console.error(formatExchange(exchange)),
    });
    launched = started.launched;
    report = started.proxy.report;
    upstream = started.proxy.upstream;
    console.log(`Thumbnail API contract proxy listening on ${launched.url}, forwarding to ${upstream}`);
  }
} catch (error) {
  console.error(`thumbnail-api-mock: ${(error as Error).message}`);
  process.exit(1);
}

// Output is informational: a closed terminal or a dead reader of our pipes must not stop a clean shutdown.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

/** The signals that stop the mock (SIGHUP: the terminal closed); a command after `--` gets them first. */
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long a command after `--` has to exit once told to stop, before it is killed. */
const commandGraceMs = 5_000;

let stopRequested = false;
let shuttingDown = false;
/** Stops everything we started, prints the proxy's summary, and exits. */
async function shutdown(code: number): Promise<never> {
  shuttingDown = true;
  await launched.stop();
  let exitCode = code;
  if (report) {
    const summary = report();
    console.error(formatSummary(summary, upstream));
    if (options.failOnViolation && summary.violations > 0 && exitCode === 0) exitCode = 1;
  }
  process.exit(exitCode);
}

void launched.prism.exited.then(() => {
  // Prism shares our terminal: Ctrl-C reaches it too, and it exits then like us.
  if (shuttingDown || stopRequested) return;
  console.error(`thumbnail-api-mock: Prism stopped unexpectedly.\n${launched.prism.lastOutput()}`);
  void shutdown(1);
});

if (options.command.length === 0) {
  const stop = () => {
    stopRequested = true;
    if (!shuttingDown) void shutdown(0);
  };
  for (const signal of stopSignals) process.on(signal, stop);
  onParentGone = stop;
} else {
  const [file, ...args] = options.command as [string, ...string[]];
  const child = spawn(file, args, {
    stdio: 'inherit',
    env: { ...process.env, [baseUrlVariable]: launched.url },
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
    stopRequested = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), commandGraceMs).unref();
  };
  for (const signal of stopSignals) process.on(signal, () => stopCommand(signal));
  onParentGone = () => stopCommand('SIGTERM');
}
