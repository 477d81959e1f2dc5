// The testing guide's "Record the real service once, replay it in CI" example, run as written (with
// `npx @thumbnail-api/mock` pointing at this build) in a user's project against a stand-in service.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { cliPath } from './helpers/cli.js';
import { killMarked, markerVariable, newMarker, survivorsOf } from './helpers/processes.js';
import { type RecordUpstream, startRecordUpstream } from './helpers/record-upstream.js';

const script = readFileSync(fileURLToPath(new URL('../examples/record-replay/record-replay.sh', import.meta.url)), 'utf8');
const liveKey = 'sk-live-sentinel-3b1e';
let upstream: RecordUpstream;
let project: string;
beforeAll(async () => {
  upstream = await startRecordUpstream();
  project = mkdtempSync(join(tmpdir(), 'record-guide-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, scripts: { test: 'node integration.mjs' } }));
  // What a user's integration test does: create a thumbnail, list them, and show what it got.
  writeFileSync(
    join(project, 'integration.mjs'),
    `const base = process.env.THUMBNAIL_API_BASE_URL;
     const headers = { 'x-api-key': process.env.THUMBNAIL_API_KEY, 'content-type': 'application/json' };
     const created = await fetch(base + '/api/thumbnails', { method: 'POST', headers, body: JSON.stringify({ prompt: 'My private prompt' }) });
     const listed = await fetch(base + '/api/thumbnails', { headers });
     console.log('created', created.status, await created.text());
     console.log('listed', listed.status, listed.headers.get('x-thumbnail-api-mock-recorded'));
     process.exit(created.ok && listed.ok ? 0 : 1);`,
  );
});
afterAll(async () => {
  await upstream?.close();
  rmSync(project, { recursive: true, force: true });
});

test('records once through the proxy, replays without the service, and proposes an overlay', async () => {
  const marker = newMarker();
  const result = await runProcess('sh', ['-c', script.replaceAll('npx @thumbnail-api/mock', `"${process.execPath}" "${cliPath}"`)], {
    cwd: project,
    env: { ...process.env, THUMBNAIL_API_UPSTREAM: upstream.url, THUMBNAIL_API_KEY: liveKey, [markerVariable]: marker },
    timeoutMs: 100_000,
  });
  if (result.timedOut) killMarked(marker);
  expect(result.code, result.output).toBe(0);
  // Step 1 reached the service; step 2 did not, and answered what step 1 recorded, undocumented fields and all.
  expect(upstream.received.map(({ method, url }) => `${method} ${url}`)).toEqual(['POST /api/thumbnails', 'GET /api/thumbnails']);
  const recordings = readdirSync(join(project, 'test/recordings'));
  expect(recordings).toHaveLength(2);
  expect(result.output).toContain('listed 200 null');
  expect(result.output).toContain(`listed 200 ${recordings[1]}`);
  expect(result.output).toMatch(
    /created 200 \{"id":"th_1","status":"queued","prompt":"\[redacted\]","createdAt":"2026-11-26T04:00:00Z","debug":"served for \[redacted\]"\}/,
  );
  // (The service echoes the key, so the test's own output shows it in step 1; the files never do.)
  for (const name of recordings) expect(readFileSync(join(project, 'test/recordings', name), 'utf8')).not.toMatch(/sk-live|My private prompt/);
  const overlay = parse(readFileSync(join(project, 'observed.overlay.yaml'), 'utf8'));
  expect(overlay).toMatchObject({ overlay: '1.0.0', actions: [{ target: "$.paths['/api/thumbnails'].get" }, { target: "$.paths['/api/thumbnails'].post" }] });
  expect(await survivorsOf(marker)).toEqual([]);
});
