// Runs what the docs tell readers to run, as separate processes against the real mock: every code sample of the
// reference (written by src/samples/: the client, curl with each key form, fetch, Python), directly and through the
// contract proxy, with a key that works and with the keys the mock answers 401 and 403; and every guide block marked
// `run`. `tsc` type-checks the same code (the lint task); this proves it also works.
import { SHELL_LANGS, TYPESCRIPT_LANGS } from '@thumbnail-api/dev-tools/code-blocks';
import { type RunningContractProxy, type RunningMock, startContractProxy, startMock } from '@thumbnail-api/mock';
import { loadContract } from '@thumbnail-api/spec';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateCodeSamples, SAMPLE_KINDS } from '../src/code-samples.mjs';
import { DOCUMENTED_ERRORS } from '../src/samples/sample-request.mjs';
import { blockProblems, runBlocks } from './guide-blocks.js';
import { requireTools, runSample } from './run-sample.js';

const keys = { 'docs-test-key': 'ok', 'docs-revoked-key': 'unauthorized', 'docs-readonly-key': 'forbidden' } as const;
const samples = [...generateCodeSamples(loadContract())].flatMap(([operationId, forOperation]) =>
  forOperation.map((sample) => {
    const kind = SAMPLE_KINDS.find(({ id }) => id === sample.kind);
    return { ...sample, operationId, file: `${operationId}.${sample.kind}${kind?.extension ?? ''}` };
  }),
);

let mock: RunningMock;
let proxy: RunningContractProxy;

beforeAll(async () => {
  await requireTools();
  mock = await startMock({ port: 0, keys });
  proxy = await startContractProxy({ upstream: mock.url, port: 0 });
});

afterAll(async () => {
  await proxy?.stop();
  await mock?.stop();
});

describe('the code samples of the reference', () => {
  test('there is one of every kind for every operation', () => {
    expect(samples).toHaveLength(SAMPLE_KINDS.length * loadContract().operations.length);
  });

  describe.each([
    ['the mock', () => mock.url],
    ['the contract proxy in front of the mock', () => proxy.url],
  ])('sent to %s', (_, baseUrl) => {
    test.each(samples.map((sample) => [sample.file, sample] as const))('%s succeeds and prints the JSON body', async (_, { source, file }) => {
      const result = await runSample(source, file, { THUMBNAIL_API_BASE_URL: baseUrl(), THUMBNAIL_API_KEY: 'docs-test-key' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({});
    });

    test.each(samples.flatMap((sample) => ([401, 403] as const).map((status) => [sample.file, status, sample] as const)))(
      '%s handles the documented %i',
      async (_, status, { source, file, lang }) => {
        const key = status === 401 ? 'docs-revoked-key' : 'docs-readonly-key';
        const result = await runSample(source, file, { THUMBNAIL_API_BASE_URL: baseUrl(), THUMBNAIL_API_KEY: key });
        expect(result.code).not.toBe(0);
        if (lang === 'bash') {
          // curl --fail-with-body: the documented error body, and exit code 22.
          expect(result.code).toBe(22);
          expect(JSON.parse(result.stdout)).toEqual({ success: false, error: status === 401 ? 'Unauthorized' : 'Forbidden' });
        } else {
          expect(result.stdout).toBe('');
          expect(result.stderr.trim()).toBe(DOCUMENTED_ERRORS[status]);
        }
      },
    );
  });

  test('the contract proxy saw every request, and nothing that breaks the contract', () => {
    const report = proxy.report();
    expect(report.requests).toBe(samples.length * 3);
    expect(report.exchanges.filter((exchange) => exchange.findings.length > 0)).toEqual([]);
    expect([report.violations, report.undocumented, report.unchecked]).toEqual([0, 0, 0]);
  });

  test.each(samples.map((sample) => [sample.file, sample] as const))(
    '%s without a key stops before calling, saying what to set',
    async (_, { source, file }) => {
      const before = mock.requests().length;
      const result = await runSample(source, file, { THUMBNAIL_API_BASE_URL: mock.url });
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('THUMBNAIL_API_KEY');
      expect(mock.requests().length).toBe(before);
    },
  );
});

describe('the guide blocks marked `run`', () => {
  test('there are some in TypeScript and some in shell', () => {
    expect(runBlocks.some((block) => TYPESCRIPT_LANGS.has(block.lang))).toBe(true);
    expect(runBlocks.some((block) => SHELL_LANGS.has(block.lang))).toBe(true);
  });

  // `// prints: X` (or `# prints: X`) in a block states what it prints (test/runnable-code.mutations.test.ts: each block
  // fails against a server that answers something else).
  test.each(runBlocks.map((block) => [block.name, block] as const))('%s works against the mock', async (_, block) => {
    expect(await blockProblems(block, { THUMBNAIL_API_BASE_URL: mock.url, THUMBNAIL_API_KEY: 'docs-test-key' })).toEqual([]);
  });
});
