// The testing guide's worked examples with the real client (examples/client-tests/, issue 21 item 8) run here as a
// user's project runs them, with their own vitest.config.ts: the HTTP mock per file, one mock shared by parallel
// files, and MSW's setupServer. The docs check that the guide shows these files exactly.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { expect, test } from 'vitest';
import { killMarked, markerVariable, newMarker, survivorsOf } from './helpers/processes.js';

const project = fileURLToPath(new URL('../examples/client-tests/', import.meta.url));

test('the client examples pass, and leave nothing running', async () => {
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const marker = newMarker();
  const env = { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0', [markerVariable]: marker };
  const result = await runProcess(process.execPath, [vitest, 'run', '--root', project], { cwd: project, env, timeoutMs: 100_000 });
  if (result.timedOut) killMarked(marker);
  expect(result.output).toMatch(/Test Files\s+9 passed \(9\)/);
  expect(result.output).toMatch(/Tests\s+17 passed \(17\)/);
  expect(result.code).toBe(0);
  expect(await survivorsOf(marker)).toEqual([]);
});
