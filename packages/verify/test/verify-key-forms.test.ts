// verify sends the key the ways the contract's security schemes describe (read by the spec model's one reader), not
// the bundled contract's x-api-key and Bearer: a contract (--spec) whose key travels in another header, and one that
// takes a bearer token only, are probed in their own forms and pass against a service that keeps to them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapi } from '@thumbnail-api/spec';
import { afterEach, expect, test } from 'vitest';
import { scratchDir } from './helpers/scratch-dir.js';
import { runVerify } from './helpers/verify-cli.js';
import { FORBIDDEN_KEY, faithful, KEY, startVerifyStandIn, type VerifyStandIn } from './helpers/verify-stand-in.js';

const dir = scratchDir('verify-key-forms-');
const services: VerifyStandIn[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
});

/** The bundled contract with its security schemes changed by `change`, as a file for --spec. */
function contractWith(file: string, change: (document: any) => void): string {
  const document = structuredClone(openapi) as any;
  change(document);
  writeFileSync(join(dir, file), JSON.stringify(document));
  return join(dir, file);
}

test.each([
  {
    name: 'the key in x-thumbnail-key, Bearer the alternative',
    keyHeader: 'x-thumbnail-key',
    change: (document: any) => {
      document.components.securitySchemes.ApiKeyHeader.name = 'x-thumbnail-key';
    },
    titles: [
      'the key in x-thumbnail-key',
      'the key as Authorization: Bearer',
      'the key in both headers',
      'no key',
      'a made-up key',
      'THUMBNAIL_API_FORBIDDEN_KEY',
    ],
    sent: [
      { 'x-thumbnail-key': KEY },
      { authorization: `Bearer ${KEY}` },
      { 'x-thumbnail-key': KEY, authorization: `Bearer ${KEY}` },
      {},
      { 'x-thumbnail-key': 'invalid-key-sent-by-thumbnail-api-verify' },
      { 'x-thumbnail-key': FORBIDDEN_KEY },
    ],
  },
  {
    name: 'a bearer token only',
    keyHeader: 'x-api-key',
    change: (document: any) => {
      document.security = [{ BearerAuth: [] }];
      delete document.components.securitySchemes.ApiKeyHeader;
    },
    titles: ['the key as Authorization: Bearer', 'no key', 'a made-up key', 'THUMBNAIL_API_FORBIDDEN_KEY'],
    sent: [
      { authorization: `Bearer ${KEY}` },
      {},
      { authorization: 'Bearer invalid-key-sent-by-thumbnail-api-verify' },
      { authorization: `Bearer ${FORBIDDEN_KEY}` },
    ],
  },
])('a contract that takes $name is probed in its own forms, and passes', async ({ name, keyHeader, change, titles, sent }) => {
  const service = await startVerifyStandIn(faithful, { keyHeader });
  services.push(service);
  const spec = contractWith(`${name.replace(/\W+/g, '-')}.json`, change);
  const run = await runVerify(['--base-url', service.url, '--max-rps', '50', '--spec', spec], { THUMBNAIL_API_FORBIDDEN_KEY: FORBIDDEN_KEY });
  expect(run.stdout).toContain('PASSED: nothing violated, contradicted or changed');
  expect(run.code).toBe(0);
  const shown = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      ['x-api-key', 'x-thumbnail-key', 'authorization'].filter((header) => headers[header] !== undefined).map((header) => [header, headers[header]]),
    );
  expect(service.received.map((request) => shown(request.headers))).toEqual(sent);
  const lines = run.stdout.split('\n');
  const requests = lines.slice(lines.indexOf('Requests, and why each was sent') + 1).filter((line) => line.startsWith('  GET '));
  expect(requests.map((line) => /^ {2}GET \/api\/thumbnails {2}(.+?): #\d/.exec(line)?.[1])).toEqual(titles);
});
