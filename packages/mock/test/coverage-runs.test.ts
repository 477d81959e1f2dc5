// Coverage that adds up and measures the user's code (issue 45 items 1 and 2): the `client` preset of outcomes a
// well-behaved client can meet, required outcomes checked against the served contract, the coverage file every mock
// writes into a run's folder (THUMBNAIL_API_MOCK_COVERAGE_DIR), and the merge of several mocks' reports.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@thumbnail-api/dev-tools/loopback-port';
import { connectionOutcome } from '@thumbnail-api/dev-tools/port-closed';
import { openapi } from '@thumbnail-api/spec';
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test } from 'vitest';
import { mergeCoverage, readCoverageFolder } from '../src/cli/coverage-merge.js';
import { missingCoverage, parseRequiredCoverage, requirableOutcomesOf, resolveRequiredCoverage } from '../src/cli/required-coverage.js';
import { startMock } from '../src/index.js';
import { createHandlers } from '../src/msw.js';
import type { CoverageFile } from '../src/node/coverage-file.js';
import { scratchDir } from './helpers/scratch-dir.js';

const dir = scratchDir('mock-coverage-runs-');
const faults = ['fault=reset', 'fault=hang', 'fault=malformed', 'fault=truncated'];

describe('the client preset', () => {
  test('is, per operation, each documented status, the 401 and 403 to the key in x-api-key (the preferred form), and each fault', async () => {
    const requirable = await requirableOutcomesOf(undefined);
    expect(requirable.map(({ operationId, client }) => ({ operationId, client }))).toEqual([
      { operationId: 'createThumbnail', client: ['200', '401 with x-api-key', '403 with x-api-key', ...faults] },
      { operationId: 'listThumbnails', client: ['200', '401 with x-api-key', '403 with x-api-key', ...faults] },
    ]);
  });

  test('leaves out what only raw requests reach, which `all` keeps: no key, the key as Bearer, a body refused', async () => {
    const create = (await requirableOutcomesOf(undefined)).find(({ operationId }) => operationId === 'createThumbnail');
    expect(create!.all.filter((outcome) => !create!.client.includes(outcome))).toEqual([
      '401 without a key',
      '401 with Authorization: Bearer',
      '403 with Authorization: Bearer',
      '400 (body not JSON)',
      '413 (body too large)',
      '415 (body of another media type)',
      '422 (body breaks the schema)',
    ]);
  });

  test('follows the contract: where it lists Bearer first, the 401 and 403 are to a Bearer key', async () => {
    const document = structuredClone(openapi) as unknown as { security: unknown[] };
    document.security.reverse();
    const specPath = join(dir, 'bearer-first.json');
    writeFileSync(specPath, JSON.stringify(document));
    const [first] = await requirableOutcomesOf(specPath);
    expect(first!.client).toEqual(['200', '401 with Authorization: Bearer', '403 with Authorization: Bearer', ...faults]);
  });
});

describe('--require-coverage, checked against the served contract', () => {
  const resolved = async (value: string) => resolveRequiredCoverage(parseRequiredCoverage(value), await requirableOutcomesOf(undefined));

  test.each([
    ['listThumbnails:999', 'names listThumbnails:999, which listThumbnails cannot show. The contract documents 200, 401 without a key, 401 with x-api-key,'],
    ['listThumbnails:status=200', 'names listThumbnails:status=200, which listThumbnails cannot show'],
    ['listThumbnails:fault=slow', 'a rule can also make fault=reset, fault=hang, fault=malformed, fault=truncated,'],
    ['listThumbnail', '--require-coverage names listThumbnail, which the contract does not have (did you mean listThumbnails?)'],
  ])('%s is refused, naming what the contract has', async (value, message) => {
    await expect(resolved(value)).rejects.toThrow(message);
  });

  test.each([
    ['listThumbnails:403', ['listThumbnails → 403']],
    ['listThumbnails:fault=hang,listThumbnails:status=503', ['listThumbnails → fault=hang', 'listThumbnails → status=503']],
    ['createThumbnail:415', ['createThumbnail → 415']],
  ])('%s is taken', async (value, outcomes) => {
    expect((await resolved(value)).map(({ operationId, outcome }) => `${operationId} → ${outcome}`)).toEqual(outcomes);
  });

  test('client and all name each outcome once, whatever else the list repeats', async () => {
    expect(await resolved('client')).toHaveLength(14);
    expect(await resolved('client,listThumbnails:200,all')).toHaveLength(14 + 2 * 3 + 4);
  });

  test('a status alone is seen whichever way the key went; a fault whatever status came with it', async () => {
    const report = {
      operations: [
        {
          operationId: 'listThumbnails',
          method: 'GET',
          path: '/api/thumbnails',
          outcomes: [
            { outcome: '403 with Authorization: Bearer', documented: true, requests: 1 },
            { outcome: 'fault=malformed; status=503 (not documented by the service)', documented: false, requests: 2 },
            { outcome: '401 with x-api-key', documented: true, requests: 0 },
          ],
        },
      ],
      notSeen: [],
      repeatedPosts: [],
    };
    expect(missingCoverage(await resolved('listThumbnails:403,listThumbnails:fault=malformed,listThumbnails:401,listThumbnails:fault=reset'), report)).toEqual([
      'listThumbnails → 401',
      'listThumbnails → fault=reset',
    ]);
  });
});

describe('each mock of a run writes its coverage into the folder the environment names', () => {
  const before = process.env[COVERAGE_DIR_VARIABLE];
  afterEach(() => {
    if (before === undefined) delete process.env[COVERAGE_DIR_VARIABLE];
    else process.env[COVERAGE_DIR_VARIABLE] = before;
  });
  const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);
  const read = (folder: string) => filesIn(folder).map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as CoverageFile);

  test('startMock() and createHandlers() each write one file at start, rewritten after every counted request', async () => {
    const folder = join(dir, 'run-1');
    process.env[COVERAGE_DIR_VARIABLE] = folder;
    const mock = await startMock({ port: 0 });
    const handlers = await createHandlers({ baseUrl: 'https://api.thumbnails.test' });
    try {
      expect(
        read(folder)
          .map(({ door, requests }) => ({ door, requests }))
          .sort((a, b) => a.door.localeCompare(b.door)),
      ).toEqual([
        { door: 'createHandlers()', requests: 0 },
        { door: 'startMock()', requests: 0 },
      ]);
      await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 403 } });
      for (const _ of [1, 2]) await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'sk_test_coverage_file' } });
      // Not counted: the mock's own errors, and the control surface.
      await fetch(`${mock.url}/api/unknown`);
      const server = setupServer(...handlers.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      try {
        await fetch(`${handlers.baseUrl}/api/thumbnails`, { headers: { 'x-api-key': 'sk_test_coverage_file' } });
      } finally {
        server.close();
      }
      const written = read(folder).find((file) => file.door === 'startMock()')!;
      expect(written).toMatchObject({ thumbnailApiMockCoverage: 1, at: mock.url, pid: process.pid, requests: 2 });
      expect(written.coverage).toEqual(mock.coverage());
      expect(read(folder).find((file) => file.door === 'createHandlers()')).toMatchObject({ at: handlers.baseUrl, requests: 1, coverage: handlers.coverage() });
      expect(filesIn(folder).every((name) => name.endsWith('.json'))).toBe(true);
    } finally {
      await mock.stop();
    }
  });

  test('without the variable nothing is written', async () => {
    delete process.env[COVERAGE_DIR_VARIABLE];
    const folder = join(dir, 'run-none');
    const mock = await startMock({ port: 0 });
    await fetch(`${mock.url}/api/thumbnails`, { headers: { 'x-api-key': 'sk_test_coverage_file' } });
    await mock.stop();
    expect(filesIn(folder)).toEqual([]);
    expect(filesIn(dir).filter((name) => name.startsWith('thumbnail-api-mock-coverage-'))).toEqual([]);
  });

  test('a folder that cannot be written fails the start naming the variable, and leaves no port open', async () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, '');
    process.env[COVERAGE_DIR_VARIABLE] = join(file, 'coverage');
    const port = await freePort();
    await expect(startMock({ port })).rejects.toThrow(
      `Cannot write this mock's coverage into ${join(file, 'coverage')}, the folder ${COVERAGE_DIR_VARIABLE} names (ENOTDIR)`,
    );
    expect(await listening(port)).toBe(false);
    await expect(createHandlers({ baseUrl: 'https://api.thumbnails.test' })).rejects.toThrow(COVERAGE_DIR_VARIABLE);
  });

  test('the files of a run add up: requests summed per outcome, notSeen worked out again, repeated POSTs of each mock listed', async () => {
    const folder = join(dir, 'run-2');
    process.env[COVERAGE_DIR_VARIABLE] = folder;
    const [first, second] = [await startMock({ port: 0 }), await startMock({ port: 0 })];
    try {
      const post = (url: string) =>
        fetch(`${url}/api/thumbnails`, {
          method: 'POST',
          headers: { 'x-api-key': 'sk_test_merge', 'content-type': 'application/json' },
          body: '{"prompt":"a fox"}',
        });
      await post(first.url);
      await post(first.url);
      await post(second.url);
      await second.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 403 } });
      await fetch(`${second.url}/api/thumbnails`, { headers: { 'x-api-key': 'sk_test_merge' } });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    const merged = mergeCoverage(readCoverageFolder(folder));
    const outcomes = (operationId: string) => merged.operations.find((operation) => operation.operationId === operationId)!.outcomes;
    expect(outcomes('createThumbnail')[0]).toEqual({ outcome: '200', documented: true, requests: 3 });
    expect(outcomes('listThumbnails')).toContainEqual({ outcome: '403 with x-api-key', documented: true, requests: 1 });
    expect(merged.notSeen).not.toContain('createThumbnail → 200');
    expect(merged.notSeen).not.toContain('listThumbnails → 403 with x-api-key');
    expect(merged.notSeen).toContain('listThumbnails → 200');
    expect(merged.repeatedPosts).toMatchObject([{ operationId: 'createThumbnail', repeats: 1 }]);
    expect(merged.mocks.map(({ mock, requests }) => `${mock} ${requests}`).sort()).toEqual(['startMock() 2', 'startMock() 2']);
  });
});

/** Whether something takes a connection on 127.0.0.1:`port`. */
async function listening(port: number): Promise<boolean> {
  return (await connectionOutcome(`http://127.0.0.1:${port}/`)) !== 'ECONNREFUSED';
}
