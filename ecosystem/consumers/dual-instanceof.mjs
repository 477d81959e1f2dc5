// Both builds of the installed client in one process, as when an app imports it and one of its CommonJS
// dependencies requires it: an error made by either copy must be `instanceof` exactly the same classes of the other
// copy as of its own. Prints what it found as JSON; the test reads it.
import { createRequire } from 'node:module';
import * as esm from '@thumbnail-api/client';
import { startMock } from '@thumbnail-api/mock';

const cjs = createRequire(import.meta.url)('@thumbnail-api/client');
const errorClassesOf = (build) => Object.entries(build).filter(([, value]) => typeof value === 'function' && value.prototype instanceof Error);
const mismatches = [];
let checks = 0;

for (const [makerName, maker, otherName, other] of [
  ['ES module', esm, 'CommonJS', cjs],
  ['CommonJS', cjs, 'ES module', esm],
]) {
  for (const [name, ErrorClass] of errorClassesOf(maker)) {
    const error = new ErrorClass('probe', { status: 500, headers: new Headers(), body: undefined });
    for (const [className, ownClass] of errorClassesOf(maker)) {
      // The truth: the class is the error's own or one of its ancestors in the copy that made it.
      const expected = Object.prototype.isPrototypeOf.call(ownClass.prototype, error);
      checks += 2;
      if (error instanceof ownClass !== expected) mismatches.push(`${makerName} ${name} instanceof its own ${className}`);
      if (error instanceof other[className] !== expected) mismatches.push(`${makerName} ${name} instanceof ${otherName} ${className}`);
    }
  }
}

// Errors thrown by real requests: a revoked key at the installed mock, and a port nobody listens on.
const mock = await startMock({ port: 0, keys: { 'dual-revoked-key': 'unauthorized' } });
const thrown = {};
try {
  for (const [makerName, maker, other] of [
    ['esm', esm, cjs],
    ['cjs', cjs, esm],
  ]) {
    const unauthorized = await new maker.ThumbnailClient({ apiKey: 'dual-revoked-key', baseUrl: mock.url, maxRetries: 0 }).thumbnails
      .list()
      .catch((error) => error);
    thrown[`${makerName} 401 is the other build's AuthenticationError`] = unauthorized instanceof other.AuthenticationError;
    thrown[`${makerName} 401 is not the other build's PermissionDeniedError`] = !(unauthorized instanceof other.PermissionDeniedError);
  }
} finally {
  await mock.stop();
}
const closedUrl = mock.url;
for (const [makerName, maker, other] of [
  ['esm', esm, cjs],
  ['cjs', cjs, esm],
]) {
  const refused = await new maker.ThumbnailClient({ apiKey: 'dual-revoked-key', baseUrl: closedUrl, maxRetries: 0 }).thumbnails.list().catch((error) => error);
  thrown[`${makerName} refused connection is the other build's APIConnectionError`] = refused instanceof other.APIConnectionError;
}

console.log(
  JSON.stringify({
    separateCopies: esm.ThumbnailClientError !== cjs.ThumbnailClientError,
    errorClasses: errorClassesOf(esm).length,
    checks,
    mismatches,
    thrown,
  }),
);
