// Vercel's edge runtime, through the edge-runtime package that emulates it: the client bundled as an edge function
// is, with no process and no process.env.
import { beforeAll, expect, test } from 'vitest';
import { expectOnePostWithItsBody, expectQuietEnd, expectRuntimeNamed } from './support/probe-expectations.js';
import { bundle, edgeMain, edgeRuntimeCli, type ProbeRun, run, useProbeRuns } from './support/runtime-harness.js';

const runProbe = useProbeRuns();
const apiKey = 'sk-edge-sentinel-8e27a';
let probe: ProbeRun;

beforeAll(async () => {
  probe = await runProbe({
    apiKey,
    main: edgeMain,
    launch: async (folder) => {
      const script = await bundle(folder, { format: 'iife', platform: 'browser', conditions: ['edge-light', 'worker', 'browser'], minify: true });
      // --eval prints the completion value of the script: the report, once its promise settles.
      return run(process.execPath, [edgeRuntimeCli, '--eval', `${script};globalThis.probeReport`], { cwd: folder });
    },
  });
});

test('names edge-light in User-Agent and the runtime headers (the runtime tells no version)', () => {
  expect(probe.report.looksLikeNode).toBe(false);
  expectRuntimeNamed(probe, 'edge-light');
});

test('asks for a missing key or base URL as the option, without pointing at an environment it does not have', () => {
  expect(probe.report.missingKey).toEqual({
    ok: false,
    name: 'ConfigurationError',
    typed: true,
    keyShown: false,
    message:
      'No API key: pass the apiKey option; this runtime (edge-light) has no process.env to read THUMBNAIL_API_KEY from. Keys are made in the service dashboard.',
  });
  expect(probe.report.missingBaseUrl.message).toMatch(
    /^No base URL \(no default host is documented by the service\): pass the baseUrl option; this runtime \(edge-light\) has no process\.env/,
  );
});

test('sends a POST answered 421 once, with its body', () => {
  expectOnePostWithItsBody(probe);
});

test('prints nothing but the report, and never the key', () => {
  expectQuietEnd(probe, apiKey);
});
