// Bun also sets process.versions.node: the client must still name Bun, and its version, as its runtime.
import { beforeAll, expect, test } from 'vitest';
import { VERSION } from '../../src/index.js';
import { type LocalServer, useLocalServers } from '../support/local-server.js';
import {
  answerForRuntimes,
  type Finished,
  POST_BODY,
  POST_OUTCOME,
  type ProbeReport,
  printingMain,
  reportOf,
  run,
  runtimeBinary,
  useConsumerFolders,
} from './support/runtime-harness.js';

const serve = useLocalServers();
const consumerFolder = useConsumerFolders();
const apiKey = 'sk-bun-sentinel-0d4c2';
const bun = runtimeBinary('bun');
let server: LocalServer;
let finished: Finished;
let report: ProbeReport;
let version: string;

beforeAll(async () => {
  version = (await run(bun, ['--version'], { cwd: process.cwd() })).stdout.trim();
  server = await serve(answerForRuntimes);
  finished = await run(bun, ['main.mjs'], { cwd: consumerFolder(printingMain({ apiKey, baseUrl: server.url })) });
  report = reportOf(finished);
});

test('names bun and its version in User-Agent and the runtime headers', () => {
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  expect(report.looksLikeNode).toBe(true);
  expect(report.call).toEqual({ ok: true, attempts: 1, keyLogged: false });
  expect(server.requests[0]?.headers).toMatchObject({
    'user-agent': `thumbnail-api-client/${VERSION} bun/${version}`,
    'x-thumbnail-client-runtime': 'bun',
    'x-thumbnail-client-runtime-version': version,
  });
});

test('asks for a missing key as the option or an environment variable, which Bun has', () => {
  expect(report.missingKey).toEqual({
    ok: false,
    name: 'ConfigurationError',
    typed: true,
    keyShown: false,
    message:
      'No API key: pass the apiKey option, or set the THUMBNAIL_API_KEY environment variable (server-side only). Keys are made in the service dashboard.',
  });
});

test('sends a POST answered 421 once, with its body', () => {
  expect(report.post).toEqual(POST_OUTCOME);
  expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([POST_BODY]);
});

test('prints nothing but the report, and never the key', () => {
  expect(finished.code).toBe(0);
  expect(finished.stderr).toBe('');
  expect(finished.stdout).not.toContain(apiKey);
});
