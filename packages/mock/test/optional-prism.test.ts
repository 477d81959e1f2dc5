// Prism is an optional peer dependency: installed without it (as `npm install @thumbnail-api/mock` installs it), the
// test double works in full, and what needs Prism says in one line which command installs it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { PRISM_PACKAGES, prismInstallCommand } from '../src/prism/prism-install.js';
import { killAllRuns, runProgram } from './helpers/cli.js';
import { survivorsOf } from './helpers/processes.js';
import { installWithoutPrism } from './helpers/without-prism.js';

afterEach(killAllRuns);

const installed = installWithoutPrism();
const command =
  'npm install --save-dev @stoplight/prism-cli@5.14.2 @stoplight/prism-core@5.8.0 @stoplight/prism-http@5.12.0 @stoplight/prism-http-server@5.12.2';

test('the install command names the versions package.json declares as optional peers and tests with', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const peers = Object.fromEntries(Object.entries(manifest.peerDependencies).filter(([name]) => name.startsWith('@stoplight/')));
  expect(peers).toEqual(PRISM_PACKAGES);
  for (const name of Object.keys(peers)) {
    expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
    expect(manifest.devDependencies[name]).toBe(peers[name]);
    expect(manifest.dependencies[name]).toBeUndefined();
  }
  expect(prismInstallCommand).toBe(command);
});

test('without Prism, startMock() answers, rules and the journal work, and Prefer: dynamic=true gets a 503 naming the install command', async () => {
  const script = join(installed.dir, 'double.mjs');
  writeFileSync(
    script,
    `import { startMock } from '@thumbnail-api/mock';
     const mock = await startMock({ port: 0 });
     const get = (headers) => fetch(mock.url + '/api/thumbnails', { headers: { 'x-api-key': 'k', ...headers } });
     const plain = (await get({})).status;
     await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503 } });
     const ruled = (await get({})).status;
     const dynamic = await get({ prefer: 'dynamic=true' });
     const result = { plain, ruled, journal: mock.requests().length, dynamic: dynamic.status, error: dynamic.headers.get('x-thumbnail-api-mock-error'), body: await dynamic.json() };
     await mock.stop();
     console.log(JSON.stringify(result));`,
  );
  const run = runProgram(process.execPath, [script], { env: { ...process.env }, cwd: installed.dir });
  expect(await run.exited).toEqual({ code: 0, signal: null });
  const result = JSON.parse(run.stdout());
  expect(result).toMatchObject({ plain: 200, ruled: 503, journal: 3, dynamic: 503, error: 'prism-unavailable' });
  expect(result.body.detail).toBe(
    `This request (Prefer: dynamic=true, or an operation of a --spec contract that only Prism answers) needs Prism, an optional peer dependency of @thumbnail-api/mock that is not installed; install it with: ${command}`,
  );
});

test('without Prism, --proxy exits with code 1 and one line naming the install command, leaving nothing running', async () => {
  const run = runProgram(process.execPath, [installed.cliPath, '--port', '0', '--proxy', 'http://127.0.0.1:9'], {
    env: { ...process.env },
    cwd: installed.dir,
  });
  expect(await run.exited).toEqual({ code: 1, signal: null });
  expect(run.stderr()).toBe(
    `thumbnail-api-mock: The contract proxy (--proxy) needs Prism, an optional peer dependency of @thumbnail-api/mock that is not installed; install it with: ${command}\n`,
  );
  expect(await survivorsOf(run.marker)).toEqual([]);
});
