// What the probe must show in every runtime it runs in, checked the same way by each runtime's test.
import { expect } from 'vitest';
import { VERSION } from '../../../src/index.js';
import type { Outcome, ProbeRun } from './runtime-harness.js';

/** The outcome of a client made without a key in a runtime that has environment variables to read it from. */
export const NO_KEY_WITH_ENVIRONMENT: Outcome = {
  ok: false,
  name: 'ConfigurationError',
  typed: true,
  keyShown: false,
  message: 'No API key: pass the apiKey option, or set the THUMBNAIL_API_KEY environment variable (server-side only). Keys are made in the service dashboard.',
};

/**
 * The probe's first call succeeded at once, and named the runtime in User-Agent
 * (`thumbnail-api-client/<version> <runtime>[/<its version>]`) and the runtime headers (`unknown` for no version).
 */
export function expectRuntimeNamed({ server, report }: ProbeRun, runtime: string, version?: string): void {
  expect(report.call).toEqual({ ok: true, attempts: 1, keyLogged: false });
  expect(server.requests[0]?.headers).toMatchObject({
    'user-agent': `thumbnail-api-client/${VERSION} ${version === undefined ? runtime : `${runtime}/${version}`}`,
    'x-thumbnail-client-runtime': runtime,
    'x-thumbnail-client-runtime-version': version ?? 'unknown',
  });
}

/** The probe's POST, answered 421, failed with the typed error and reached the server once, with its body. */
export function expectOnePostWithItsBody({ server, report }: ProbeRun): void {
  expect(report.post).toEqual({
    ok: false,
    name: 'ThumbnailApiError',
    typed: true,
    keyShown: false,
    message: '421 Misdirected Request from POST /api/thumbnails: Misdirected Request',
  });
  expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual(['{"prompt":"A red fox at dawn"}']);
}

/** The keys the probe's GET requests carried, in order: its call's, then the one the client read from the runtime's settings. */
export function keysSentByGets({ server }: ProbeRun): Array<string | string[] | undefined> {
  return server.requests.filter((request) => request.method === 'GET').map((request) => request.headers['x-api-key']);
}

/** The program ended with exit code 0 and printed nothing but the report: no warning, and never the key. */
export function expectQuietEnd({ finished }: ProbeRun, apiKey: string): void {
  expect(finished.code).toBe(0);
  expect(finished.stderr).toBe('');
  expect(finished.stdout).not.toContain(apiKey);
}
