// `npm start`: installs with the pinned pnpm, builds with turbo, then serves the mock API and the docs until Ctrl-C.
// package.json starts it with `exec`, so no shell sits between npm and this process: a shell (dash) that receives
// Ctrl-C dies of it once its child has exited, whatever the child's exit code, and npm then reports a failure.
import { spawn } from 'node:child_process';
import { relative } from 'node:path';

const pnpm = new URL('pnpm.mjs', import.meta.url).pathname;
const rerun = commandThatRanUs();
/** @type {import('node:child_process').ChildProcess | undefined} */
let step;
/** @type {(() => Promise<void>) | undefined} */
let stopServers;
let stopping = false;

// Ctrl-C reaches every process of the terminal's group, the steps' too; a signal sent to this process alone (npm
// forwards the one it gets) is passed on. Servers still starting are stopped once started, below.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    step?.kill(signal);
    stopServers?.().then(() => exit('Stopped the mock API and the docs.'), fail);
  });
}

const ports = { mock: portFrom('MOCK_PORT', 4010), docs: portFrom('DOCS_PORT', 8080) };
await runStep(['install', '--frozen-lockfile']);
// new-only: a build replayed from turbo's cache shows one line per package, not the logs of the run that made it.
await runStep(['exec', 'turbo', 'run', 'build', '--output-logs=new-only']);
// Imported once installed and built: it needs @thumbnail-api/mock's dist/.
const { ServeLocalError, serveLocal } = await import('./serve-local.mjs');
try {
  const servers = await serveLocal({ ...ports, rerun });
  stopServers = servers.stop;
  if (stopping) await servers.stop().then(() => exit('Stopped the mock API and the docs.'), fail);
  console.log(`
Mock API:  ${servers.mockUrl}
Docs:      ${servers.docsUrl}

Try it:
  curl -s -H 'x-api-key: dev-key' -H 'content-type: application/json' \\
       -d '{"prompt":"A red fox at dawn"}' ${servers.mockUrl}/api/thumbnails

Press Ctrl-C to stop.`);
} catch (error) {
  if (stopping) exit('Stopped.');
  fail(error instanceof ServeLocalError ? error.message : error);
}

/** Runs `pnpm <args>` through the pinned-pnpm launcher; a failure ends npm start with the step's own exit code. */
function runStep(/** @type {string[]} */ args) {
  if (stopping) exit(`Stopped before the servers started; run ${rerun} again to finish.`);
  return new Promise((resolve) => {
    step = spawn(process.execPath, [pnpm, ...args], { stdio: 'inherit' });
    step.once('exit', (code) => {
      step = undefined;
      if (stopping) exit(`Stopped before the servers started; run ${rerun} again to finish.`);
      if (code === 0) resolve(undefined);
      else process.exit(code ?? 1);
    });
  });
}

/** How the user started us, to repeat in advice: `npm start`, `pnpm start`, or the script itself. */
function commandThatRanUs() {
  const tool = /^(npm|pnpm|yarn|bun)\//.exec(process.env.npm_config_user_agent ?? '')?.[1];
  if (tool && process.env.npm_lifecycle_event === 'start') return `${tool} start`;
  return `node ${relative(process.cwd(), process.argv[1] ?? 'scripts/start.mjs')}`;
}

function exit(/** @type {string} */ line) {
  console.log(line);
  process.exit(0);
}

function fail(/** @type {unknown} */ error) {
  console.error(error);
  process.exit(1);
}

/** A port from the environment variable `variable` (0 picks a free port), else `fallback`. */
function portFrom(/** @type {string} */ variable, /** @type {number} */ fallback) {
  const value = process.env[variable];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    console.error(`${variable} must be a port number from 0 to 65535 (0 picks a free port), got ${JSON.stringify(value)}.`);
    process.exit(1);
  }
  return Number(value);
}
