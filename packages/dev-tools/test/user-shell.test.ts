// A user's shell: what the test run's tools set is gone, what the user set stays, and the workspace's bins are off PATH.
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test, vi } from 'vitest';
import { userShellEnvironment } from '../src/user-shell.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
afterEach(() => {
  vi.unstubAllEnvs();
});

test("drops the variables of npm, pnpm, turbo, vitest and CI, and keeps the user's own", () => {
  const tools = { npm_lifecycle_event: 'test', PNPM_SCRIPT_SRC_DIR: '/x', TURBO_HASH: 'h', VITEST_WORKER_ID: '1', NODE_OPTIONS: '--x' };
  for (const [name, value] of Object.entries({ ...tools, NODE_ENV: 'test', INIT_CWD: '/x', CI: 'true', FORCE_COLOR: '1', MY_SETTING: 'kept' }))
    vi.stubEnv(name, value);
  const env = userShellEnvironment();
  expect(Object.keys(env).filter((name) => name in tools || ['NODE_ENV', 'INIT_CWD', 'CI', 'FORCE_COLOR'].includes(name))).toEqual([]);
  expect(env).toMatchObject({ MY_SETTING: 'kept', NO_COLOR: '1' });
});

test("takes the workspace's folders off PATH and keeps the others in order", () => {
  vi.stubEnv('PATH', ['/usr/local/bin', `${repoRoot}node_modules/.bin`, '', '/usr/bin', `${repoRoot}packages/mock/node_modules/.bin`].join(delimiter));
  expect(userShellEnvironment().PATH).toBe(['/usr/local/bin', '/usr/bin'].join(delimiter));
});

test('adds the extra variables last, so that they win', () => {
  vi.stubEnv('MOCK_PORT', '4010');
  expect(userShellEnvironment({ MOCK_PORT: '0', NO_COLOR: '0' })).toMatchObject({ MOCK_PORT: '0', NO_COLOR: '0' });
});
