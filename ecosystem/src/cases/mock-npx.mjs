// The mock as its users start it: installed by name and range from the registry, started with
// `npx @thumbnail-api/mock` and a key registry. The suite's other cases all run against this mock.
import { join } from 'node:path';
import { createProject } from '../consumer-project.mjs';
import { cleanEnvironment, startProcess } from '../processes.mjs';

/**
 * Installs and starts the mock, then checks that each key of the registry gets its documented answer.
 * @param {{ work: string, registryUrl: string, version: string, keys: { ok: string, revoked: string, noAccess: string } }} context
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startMockWithNpx({ work, registryUrl, version, keys }) {
  const dir = join(work, 'mock-npx');
  await createProject(dir, {
    registryUrl,
    manifest: { devDependencies: { '@thumbnail-api/mock': `^${version}` } },
    files: { 'mock-keys.json': JSON.stringify({ [keys.ok]: 'ok', [keys.revoked]: 'unauthorized', [keys.noAccess]: 'forbidden' }, null, 2) },
  });
  const mock = await startProcess('npx', ['--no-install', '@thumbnail-api/mock', '--port', '0', '--keys', 'mock-keys.json'], {
    cwd: dir,
    env: cleanEnvironment({ NPM_CONFIG_REGISTRY: registryUrl }),
    ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: 90_000,
  });
  const url = mock.match[1] ?? '';
  try {
    /** @type {Array<[string, number]>} */
    const expected = [
      [keys.ok, 200],
      [keys.revoked, 401],
      [keys.noAccess, 403],
    ];
    for (const [key, status] of expected) {
      const response = await fetch(`${url}/api/thumbnails`, { headers: { 'x-api-key': key } });
      await response.arrayBuffer();
      if (response.status !== status) throw new Error(`the mock answered a key meant for ${status} with ${response.status}`);
    }
  } catch (error) {
    await mock.stop();
    throw error;
  }
  return { url, stop: mock.stop };
}
