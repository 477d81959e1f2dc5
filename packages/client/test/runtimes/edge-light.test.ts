// Vercel's edge runtime, through the edge-runtime package that emulates it: the client bundled as an edge function
// is, with no process and no process.env.
import { beforeAll, expect, test } from 'vitest';
import { VERSION } from '../../src/index.js';
import { type LocalServer, useLocalServers } from '../support/local-server.js';
import {
  answerForRuntimes,
  bundle,
  edgeMain,
  edgeRuntimeCli,
  type Finished,
  POST_BODY,
  POST_OUTCOME,
  type ProbeReport,
  reportOf,
  run,
  useConsumerFolders,
} from './support/runtime-harness.js';

const serve = useLocalServers();
const consumerFolder = useConsumerFolders();
const apiKey = 'sk-edge-sentinel-8e27a';
let server: LocalServer;
let finished: Finished;
let report: ProbeReport;

beforeAll(async () => {
  server = await serve(answerForRuntimes);
  const folder = consumerFolder(edgeMain({ apiKey, baseUrl: server.url }));
  const script = await bundle(folder, { format: 'iife', platform: 'browser', conditions: ['edge-light', 'worker', 'browser'], minify: true });
  // --eval prints the completion value of the script: the report, once its promise settles.
  finished = await run(process.execPath, [edgeRuntimeCli, '--eval', `${script};globalThis.probeReport`], { cwd: folder });
  report = reportOf(finished);
});

test('names edge-light in User-Agent and the runtime headers (the runtime tells no version)', () => {
  expect(report.looksLikeNode).toBe(false);
  expect(report.call).toEqual({ ok: true, attempts: 1, keyLogged: false });
  expect(server.requests[0]?.headers).toMatchObject({
    'user-agent': `thumbnail-api-client/${VERSION} edge-light`,
    'x-thumbnail-client-runtime': 'edge-light',
    'x-thumbnail-client-runtime-version': 'unknown',
  });
});

test('asks for a missing key or base URL as the option, without pointing at an environment it does not have', () => {
  expect(report.missingKey).toEqual({
    ok: false,
    name: 'ConfigurationError',
    typed: true,
    keyShown: false,
    message:
      'No API key: pass the apiKey option; this runtime (edge-light) has no process.env to read THUMBNAIL_API_KEY from. Keys are made in the service dashboard.',
  });
  expect(report.missingBaseUrl.message).toMatch(
    /^No base URL \(no default host is documented by the service\): pass the baseUrl option; this runtime \(edge-light\) has no process\.env/,
  );
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
