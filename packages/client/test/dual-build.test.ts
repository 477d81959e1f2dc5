// The ES module build (dist/) and the CommonJS build (dist/cjs/) loaded in one process, as when an app imports the
// client and one of its CommonJS dependencies requires it: an error made by either copy is `instanceof` exactly the
// same classes of the other copy as of its own. And each build names the package's version, which the build writes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import type { ApiErrorInit } from '../src/index.js';
import { json, startLocalServer, useLocalServers } from './support/local-server.js';

type ClientModule = typeof import('../src/index.js');
type ErrorClass = new (message: string, init: ApiErrorInit) => Error;

// The built files, not the sources: `test` runs after `build`.
const esm = (await import(new URL('../dist/index.js', import.meta.url).href)) as ClientModule;
const cjs = createRequire(import.meta.url)('../dist/cjs/index.js') as ClientModule;
const builds = [
  ['ES module', esm, 'CommonJS', cjs],
  ['CommonJS', cjs, 'ES module', esm],
] as const;
const serve = useLocalServers();

/** The exported error classes of a build, by name. */
function errorClassesOf(build: ClientModule): Map<string, ErrorClass> {
  const entries = Object.entries(build).filter(([, value]) => typeof value === 'function' && value.prototype instanceof Error);
  return new Map(entries as [string, ErrorClass][]);
}

const errorNames = [...errorClassesOf(esm).keys()].sort();

describe('the two builds', () => {
  test('are separate copies that export the same error classes', () => {
    expect(esm.ThumbnailClientError).not.toBe(cjs.ThumbnailClientError);
    expect(errorNames.length).toBeGreaterThan(10);
    expect([...errorClassesOf(cjs).keys()].sort()).toEqual(errorNames);
  });
});

describe.each(builds)('the %s build', (_, build) => {
  test("sends package.json's version in User-Agent, as VERSION says", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    const server = await serve((_request, response) => json(response, 200, { thumbnails: [] }));
    await new build.ThumbnailClient({ apiKey: 'test-key', baseUrl: server.url }).thumbnails.list();
    expect(server.requests[0]?.headers['user-agent']).toBe(`thumbnail-api-client/${version} node/${process.versions.node}`);
    expect(build.VERSION).toBe(version);
  });
});

describe.each(builds)('an error made by the %s build', (_, maker, otherName, other) => {
  test.each(errorNames)(`%s is instanceof the same ${otherName} classes as of its own build's`, (name) => {
    const error = new (errorClassesOf(maker).get(name) as ErrorClass)('probe', { status: 500, headers: new Headers(), body: undefined });
    const mismatches: string[] = [];
    for (const [className, ownClass] of errorClassesOf(maker)) {
      // The truth: the class is the error's own or one of its ancestors in the copy that made it.
      const expected = Object.prototype.isPrototypeOf.call(ownClass.prototype, error);
      if (error instanceof ownClass !== expected) mismatches.push(`instanceof its own ${className} is ${!expected}`);
      const otherClass = errorClassesOf(other).get(className) as ErrorClass;
      if (error instanceof otherClass !== expected) mismatches.push(`instanceof ${otherName} ${className} is ${!expected}`);
    }
    expect(mismatches).toEqual([]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
  });

  test(`thrown by a real request, it is caught as the ${otherName} build's class`, async () => {
    const server = await serve((_request, response) => json(response, 401, { success: false, error: 'Unauthorized' }));
    const unauthorized = await new maker.ThumbnailClient({ apiKey: 'test-key', baseUrl: server.url, maxRetries: 0 }).thumbnails
      .list()
      .catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(other.AuthenticationError);
    expect(unauthorized).toBeInstanceOf(other.ThumbnailApiError);
    expect(unauthorized).not.toBeInstanceOf(other.PermissionDeniedError);

    const closed = await startLocalServer(() => {});
    await closed.close();
    const refused = await new maker.ThumbnailClient({ apiKey: 'test-key', baseUrl: closed.url, maxRetries: 0 }).thumbnails
      .list()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(other.APIConnectionError);
    expect(refused).not.toBeInstanceOf(other.ThumbnailApiError);
  });
});

describe('a subclass of your own', () => {
  test('checks by its prototype chain, and its errors are still the package classes of both builds', () => {
    class PaymentRequiredError extends cjs.ThumbnailApiError {}
    const yours = new PaymentRequiredError('402', { status: 402, headers: new Headers(), body: undefined });
    expect(yours).toBeInstanceOf(PaymentRequiredError);
    expect(yours).toBeInstanceOf(esm.ThumbnailApiError);
    expect(yours).toBeInstanceOf(esm.ThumbnailClientError);
    expect(new cjs.ThumbnailApiError('402', { status: 402, headers: new Headers(), body: undefined })).not.toBeInstanceOf(PaymentRequiredError);
    expect(new esm.AuthenticationError('401', { status: 401, headers: new Headers(), body: undefined })).not.toBeInstanceOf(PaymentRequiredError);
  });

  test('non-errors are instanceof no class of either build', () => {
    for (const value of [null, undefined, 'AuthenticationError', {}, { name: 'AuthenticationError' }, new Error('plain')]) {
      for (const build of [esm, cjs]) expect(value instanceof build.ThumbnailClientError || value instanceof build.AuthenticationError).toBe(false);
    }
  });
});
