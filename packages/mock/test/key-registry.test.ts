// The key registry: how keys are read from requests, and errors that never show a key.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract } from '@thumbnail-api/spec';
import { apiKeyFormsOf } from '@thumbnail-api/spec/model';
import { describe, expect, test } from 'vitest';
import { type KeyRegistry, loadKeyRegistry } from '../src/assembly/key-registry.js';
import { scratchDir } from './helpers/scratch-dir.js';

describe("the bundled contract's forms of the key read it as the interface describes it", () => {
  const apiKeys = apiKeyFormsOf(loadContract());
  test.each([
    ['x-api-key', { 'x-api-key': 'k1' }, 'k1'],
    ['Authorization: Bearer', { authorization: 'Bearer k2' }, 'k2'],
    ['both headers: x-api-key counts', { 'x-api-key': 'k1', authorization: 'Bearer k2' }, 'k1'],
    ['an empty x-api-key falls back to Bearer', { 'x-api-key': '', authorization: 'Bearer k2' }, 'k2'],
    ['a lowercase bearer scheme is no key', { authorization: 'bearer k2' }, undefined],
    ['another scheme is no key', { authorization: 'Basic azI6' }, undefined],
    ['Bearer without a key is no key', { authorization: 'Bearer ' }, undefined],
    ['no headers', {}, undefined],
  ])('%s', (_, headers, expected) => {
    expect(apiKeys.read(headers)?.key).toBe(expected);
  });
});

describe('loadKeyRegistry', () => {
  const dir = scratchDir('mock-keys-');
  const secret = 'sk_live_do_not_print_me';

  test('reads a registry object', () => {
    const keys = loadKeyRegistry({ good: 'ok', revoked: 'unauthorized', readonly: 'forbidden' });
    expect([...keys]).toEqual([
      ['good', 'ok'],
      ['revoked', 'unauthorized'],
      ['readonly', 'forbidden'],
    ]);
  });

  test('reads a registry file', () => {
    const path = join(dir, 'keys.json');
    writeFileSync(path, JSON.stringify({ good: 'ok' }));
    expect(loadKeyRegistry(path).get('good')).toBe('ok');
  });

  test.each([
    ['an unknown outcome', { [secret]: 'allowed' }, /entry 1 has the outcome "allowed"; use "ok", "unauthorized" or "forbidden"/],
    ['a key with spaces', { other: 'ok', [`${secret} x`]: 'ok' }, /the key of entry 2 is empty or contains spaces/],
    ['an array', [secret], /must be a JSON object mapping each API key/],
  ])('refuses %s, naming the entry and never the key', (_, registry, message) => {
    const load = () => loadKeyRegistry(registry as unknown as KeyRegistry);
    expect(load).toThrow(message);
    expect(load).not.toThrow(new RegExp(secret));
  });

  test('refuses a file that is not JSON without quoting it, saying where it breaks', () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, `{\n  "${secret}": ok}`);
    expect(() => loadKeyRegistry(path)).toThrow(new RegExp(`broken\\.json is not valid JSON at line 2, column ${secret.length + 7}\\. Write it as`));
    expect(() => loadKeyRegistry(path)).not.toThrow(new RegExp(secret));
  });

  test('refuses a missing file', () => {
    expect(() => loadKeyRegistry(join(dir, 'missing.json'))).toThrow(/missing\.json cannot be read: the file does not exist/);
  });
});
