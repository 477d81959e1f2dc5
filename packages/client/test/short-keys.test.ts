// A key shorter than 8 characters (the mock's `mock`, `k`) is a word, or part of words, that the client quotes: it is
// redacted only where it stands as a credential (a credential header's value, after `x-api-key: `, `Bearer `, `"apiKey":"`),
// so the message stays readable and the key still never shows as a credential (issue 45 item 6). Each key below also
// hides inside the words of the answer, so that redaction that garbles them fails here. Longer keys are replaced
// wherever they appear (key-safety.test.ts).
import { inspect } from 'node:util';
import { expect, test } from 'vitest';
import { AuthenticationError, ThumbnailClient } from '../src/index.js';
import { json, useLocalServers } from './support/local-server.js';
import { apiErrorOf } from './support/rejection.js';

const serve = useLocalServers();

test.each([
  ['k', 'in "mock", "key" and "known"'],
  ['ke', 'in "key" and "keys"'],
  ['api', 'in "thumbnail-api-mock" and "x-api-key"'],
  ['mock', 'in "thumbnail-api-mock"'],
])('a key of %j (%s): the message reads as sent, and the key shows nowhere as a credential', async (key) => {
  const server = await serve((_, res) =>
    json(
      res,
      401,
      {
        success: false,
        error: `thumbnail-api-mock refused x-api-key: ${key}; known keys are in keys.json (Authorization: Bearer ${key} was not checked)`,
        apiKey: key,
      },
      { 'x-api-key': key, 'x-echoed-authorization': `Bearer ${key}`, 'x-thumbnail-api-mock-note': 'key not in the registry' },
    ),
  );
  const log: string[] = [];
  const client = new ThumbnailClient({ apiKey: key, baseUrl: server.url, maxRetries: 0, logger: { debug: (line) => log.push(line) } });
  const error = await apiErrorOf(client.thumbnails.list());
  expect(error).toBeInstanceOf(AuthenticationError);
  expect(error.message).toBe(
    '401 Unauthorized from GET /api/thumbnails: thumbnail-api-mock refused x-api-key: [redacted]; known keys are in keys.json ' +
      '(Authorization: Bearer [redacted] was not checked) (mock: key not in the registry)',
  );
  expect(error.body).toEqual({
    success: false,
    error: 'thumbnail-api-mock refused x-api-key: [redacted]; known keys are in keys.json (Authorization: Bearer [redacted] was not checked)',
    apiKey: '[redacted]',
  });
  expect([error.headers.get('x-api-key'), error.headers.get('x-echoed-authorization')]).toEqual(['[redacted]', 'Bearer [redacted]']);
  const asCredential = [`x-api-key: ${key}`, `=> '${key}'`, `Bearer ${key}`, `"apiKey":"${key}"`, `apiKey: '${key}'`];
  const views = [error.message, JSON.stringify(error), inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }), ...log];
  for (const view of views) for (const credential of asCredential) expect(view).not.toContain(credential);
});
