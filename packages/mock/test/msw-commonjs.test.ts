// @thumbnail-api/mock/msw from CommonJS (Jest's default, a TypeScript package compiled to CommonJS): require() of the
// built entry, with msw's own CommonJS build, answers a request through setupServer.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

const script = `
const { createHandlers, MockRuleError } = require('@thumbnail-api/mock/msw');
const { setupServer } = require('msw/node');
(async () => {
  const thumbnails = await createHandlers({ baseUrl: 'https://api.thumbnails.test' });
  const server = setupServer(...thumbnails.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  await thumbnails.rule({ operationId: 'listThumbnails', answer: { status: 503, headers: { 'retry-after': '2' } } });
  const response = await fetch('https://api.thumbnails.test/api/thumbnails', { headers: { 'x-api-key': 'k' } });
  const refused = await thumbnails.rule({ operationId: 'nope' }).catch((error) => error instanceof MockRuleError);
  const path = require('node:path');
  const entry = path.relative(process.cwd(), require.resolve('@thumbnail-api/mock/msw')).split(path.sep).join('/');
  console.log(JSON.stringify({ entry, status: response.status, retryAfter: response.headers.get('retry-after'), refused, journal: thumbnails.requests().length }));
  server.close();
})();
`;

test('require() loads the MSW entry and its handlers answer through msw/node', () => {
  // A CommonJS module (-e runs one) inside the package, which requires itself by name through its exports.
  const output = execFileSync(process.execPath, ['-e', script], { cwd: packageDir, encoding: 'utf8', timeout: 60_000 });
  expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ entry: 'dist/cjs/msw.js', status: 503, retryAfter: '2', refused: true, journal: 1 });
});
