// Bun also sets process.versions.node: the client must still name Bun, and its version, as its runtime.
import { beforeAll, expect, test } from 'vitest';
import { expectOnePostWithItsBody, expectQuietEnd, expectRuntimeNamed, NO_KEY_WITH_ENVIRONMENT } from './support/probe-expectations.js';
import { type ProbeRun, printingMain, run, runtimeBinary, useProbeRuns } from './support/runtime-harness.js';

const runProbe = useProbeRuns();
const apiKey = 'sk-bun-sentinel-0d4c2';
const bun = runtimeBinary('bun');
let probe: ProbeRun;
let version: string;

beforeAll(async () => {
  version = (await run(bun, ['--version'], { cwd: process.cwd() })).stdout.trim();
  probe = await runProbe({ apiKey, main: printingMain, launch: (folder) => run(bun, ['main.mjs'], { cwd: folder }) });
});

test('names bun and its version in User-Agent and the runtime headers', () => {
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  expect(probe.report.looksLikeNode).toBe(true);
  expectRuntimeNamed(probe, 'bun', version);
});

test('asks for a missing key as the option or an environment variable, which Bun has', () => {
  expect(probe.report.missingKey).toEqual(NO_KEY_WITH_ENVIRONMENT);
});

test('sends a POST answered 421 once, with its body', () => {
  expectOnePostWithItsBody(probe);
});

test('prints nothing but the report, and never the key', () => {
  expectQuietEnd(probe, apiKey);
});
