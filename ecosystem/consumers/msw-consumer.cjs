// The same set-up for a CommonJS user: require() loads the mock's and the client's CommonJS builds, and msw (ESM-only
// from 3.0, loaded through require() of ES modules). Prints `MSW_CJS_RESULT <json>`: what each call ended in.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { AuthenticationError, ThumbnailClient } = require('@thumbnail-api/client');
const { createHandlers } = require('@thumbnail-api/mock/msw');
const { setupServer } = require('msw/node');

const { keys } = JSON.parse(readFileSync(join(__dirname, 'msw-config.json'), 'utf8'));
const baseUrl = 'https://api.thumbnails.test';
const mswVersion = require('msw/package.json').version;
// msw 3 renamed onUnhandledRequest to onUnhandledFrame (one type per major, hence any).
/** @type {any} */
const strict = Number.parseInt(mswVersion, 10) >= 3 ? { onUnhandledFrame: 'error' } : { onUnhandledRequest: 'error' };

async function main() {
  const thumbnails = await createHandlers({ baseUrl, keys: { [keys.ok]: 'ok', [keys.revoked]: 'unauthorized' } });
  const server = setupServer(...thumbnails.handlers);
  server.listen(strict);
  try {
    const listed = await new ThumbnailClient({ baseUrl, apiKey: keys.ok }).thumbnails.list();
    const revoked = await new ThumbnailClient({ baseUrl, apiKey: keys.revoked }).thumbnails.list().then(
      () => 'resolved',
      (error) => (error instanceof AuthenticationError ? `AuthenticationError ${error.status}` : String(error)),
    );
    return {
      mswVersion,
      mockBuild: require.resolve('@thumbnail-api/mock/msw').includes('/dist/cjs/') ? 'cjs' : 'other',
      listed: JSON.stringify(listed),
      revoked,
      journalStatuses: thumbnails.requests().map((entry) => entry.status),
    };
  } finally {
    server.close();
  }
}

main().then(
  (report) => console.log(`MSW_CJS_RESULT ${JSON.stringify(report)}`),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
