// The ecosystem suite: our packages installed by name from a real local registry and run in every runtime,
// module system and bundler users run, plus a rehearsal of the real release. One line per case, a summary,
// exit code 1 when any case fails. Usage: node src/main.mjs [--only <regexp>] [--keep]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { closeBrowser } from './bundlers/browser.mjs';
import { NAME_WIDTH, printResult, runCase } from './case-runner.mjs';
import { allCases } from './cases/index.mjs';
import { startMockWithNpx } from './cases/mock-npx.mjs';
import { once } from './context.mjs';
import { refusedUrl, startEchoServer } from './local-servers.mjs';
import { allOutput, stopAll } from './processes.mjs';
import { startLocalRegistry } from './registry/local-registry.mjs';
import { buildPackages, packPackages, publishTarballs } from './registry/workspace-packages.mjs';
import { ensureTools } from './tools.mjs';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, keep: { type: 'boolean' } } });
const only = args.only ? new RegExp(args.only) : undefined;
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const results = [];
const cleanups = [];

/**
 * A preparation step: printed like a case, but a failure ends the run (nothing after it could pass).
 * @template T
 * @param {string} name
 * @param {() => Promise<T>} body
 * @returns {Promise<T>}
 */
async function step(name, body) {
  const stepStarted = performance.now();
  try {
    const value = await body();
    console.log(`     ${name.padEnd(NAME_WIDTH)}${((performance.now() - stepStarted) / 1000).toFixed(1).padStart(6)} s`);
    return value;
  } catch (error) {
    printResult({ name, ok: false, seconds: (performance.now() - stepStarted) / 1000, reason: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

// Sentinel keys: random, so that finding one in any output proves a leak.
const keys = {
  ok: `eco-sentinel-ok-${randomBytes(12).toString('hex')}`,
  revoked: `eco-sentinel-revoked-${randomBytes(12).toString('hex')}`,
  noAccess: `eco-sentinel-no-access-${randomBytes(12).toString('hex')}`,
};
const work = mkdtempSync(join(tmpdir(), 'thumbnail-api-ecosystem-'));

try {
  console.log(`Ecosystem suite: our packages from a local registry, in the runtimes, module systems and bundlers users run (work folder ${work}).`);
  // The build first: it builds dev-tools, whose installer the tools step uses.
  await step('build', buildPackages);
  await step('tools (ecosystem/.tools)', ensureTools);
  const packed = await step('pack', () => packPackages(join(work, 'tarballs')));
  const registry = await step('start Verdaccio', () => startLocalRegistry(join(work, 'registry')));
  cleanups.push(registry.stop);
  await step('publish to Verdaccio', () => publishTarballs(packed, registry));
  const version = packed[0]?.version ?? '';
  const clientVersion = packed.find((pkg) => pkg.name === '@thumbnail-api/client')?.version ?? version;
  const echo = await startEchoServer(keys.ok);
  cleanups.push(echo.close);

  let mockUrl = '';
  const mockCase = {
    name: 'mock-npx',
    timeoutMs: 300_000,
    run: async () => {
      const mock = await startMockWithNpx({ work, registryUrl: registry.url, version, keys });
      cleanups.push(mock.stop);
      mockUrl = mock.url;
      return 'npx @thumbnail-api/mock answered 200, 401 and 403 for the three keys';
    },
  };
  results.push(await runCase(mockCase));

  const context = {
    work,
    registryUrl: registry.url,
    version,
    clientVersion,
    mockUrl,
    echoUrl: echo.url,
    refusedUrl: await refusedUrl(),
    keys,
    once,
    onCleanup: (/** @type {() => Promise<void>} */ stop) => cleanups.push(stop),
  };
  for (const testCase of allCases(context)) {
    if (only && !only.test(testCase.name)) continue;
    // Without the suite's mock only the cases that do not use it can tell anything.
    const run = mockUrl || testCase.needsSuiteMock === false ? testCase.run : async () => Promise.reject(new Error('not run: mock-npx failed'));
    results.push(await runCase({ ...testCase, run }));
  }

  results.push(
    await runCase({
      name: 'key-never-printed',
      timeoutMs: 10_000,
      run: async () => {
        const output = allOutput();
        const leaked = Object.entries(keys).filter(([, key]) => output.includes(key));
        if (leaked.length > 0) throw new Error(`the ${leaked.map(([name]) => name).join(', ')} key appeared in the output of a case, the mock or a tool`);
        return `scanned ${(output.length / 1024).toFixed(0)} kB of output`;
      },
    }),
  );
} catch {
  // A failed step has printed its line; the summary below counts it.
  results.push({ name: 'setup', ok: false });
} finally {
  await closeBrowser().catch(() => {});
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  stopAll();
}

const passed = results.filter((result) => result.ok).length;
console.log(`\n${passed}/${results.length} ecosystem cases pass (${seconds()} s in all)`);
console.log(`Ecosystem: ${passed} passed, ${results.length - passed} failed`);
// Removing the throwaway projects (a full workspace install among them) can take a minute on a busy machine.
if (args.keep) console.log(`Kept ${work}`);
else rmSync(work, { recursive: true, force: true });
// Exit now: a tool's module (a bundler, playwright) may keep the event loop alive after its work is done.
process.exit(passed === results.length ? 0 : 1);
