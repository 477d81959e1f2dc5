import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkContractChange } from '../src/breaking-change-gate.mjs';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.yaml`, import.meta.url));
const released = fixture('released');
const check = (name: string, plannedVersion: string) => checkContractChange({ released, working: fixture(name), plannedVersion });

// The fixtures are released at 1.0.0; a planned version of 1.0.0 means "no pending changeset".
const breaking = [
  ['removed-operation', 'Operation `GET /api/items` was removed.'],
  ['newly-required-request-field', '`POST /api/items`, request body: Properties of `CreateItemRequest` became required: `note`.'],
  ['narrowed-response-type', '`GET /api/items`, response 200, field `items[].width`: `type` narrowed from `number` to `integer`'],
] as const;

describe('breaking-change gate', () => {
  describe.each(breaking)('%s', (name, plainWords) => {
    it.each(['1.0.0', '1.0.1', '1.1.0'])('fails when the spec is planned at %s, naming the change and the fix', async (plannedVersion) => {
      const result = await check(name, plannedVersion);
      expect(result.passed).toBe(false);
      expect(result.required).toBe('major');
      expect(result.message).toContain('Breaking-change gate FAILED');
      expect(result.message).toContain(plainWords);
      expect(result.message).toContain('run `pnpm changeset`, select @thumbnail-api/spec, choose "major"');
    });

    it('passes when a major bump is planned', async () => {
      const result = await check(name, '2.0.0');
      expect(result.passed).toBe(true);
      expect(result.message).toContain('Breaking-change gate passed: the contract changed since 1.0.0 (a major change) and @thumbnail-api/spec goes to 2.0.0');
    });
  });

  it('passes an added optional request field without any bump, noting the minor changeset it needs', async () => {
    const result = await check('added-optional-field', '1.0.0');
    expect(result.passed).toBe(true);
    expect(result.required).toBe('minor');
    expect(result.changes).toEqual([{ impact: 'minor', text: '`POST /api/items`, request body, field `tags`: added.', rule: undefined }]);
    expect(result.message).toContain('add a minor changeset (`pnpm changeset`)');
  });

  it('rates a reworded summary as a patch and passes', async () => {
    const result = await check('reworded-description', '1.0.0');
    expect(result.passed).toBe(true);
    expect(result.changes).toEqual([{ impact: 'patch', text: '`GET /api/items`: `summary` changed from `List items` to `List all items`.', rule: undefined }]);
  });

  it('passes an unchanged contract and says so', async () => {
    const result = await check('released', '1.0.0');
    expect(result).toMatchObject({ passed: true, required: 'none', changes: [] });
    expect(result.message).toBe('Breaking-change gate passed: the contract is unchanged since the release of 1.0.0.');
  });

  it('does not count the moved info.version as a change of the contract', async () => {
    const moved = join(mkdtempSync(join(tmpdir(), 'gate-')), 'moved-version.yaml');
    writeFileSync(moved, readFileSync(released, 'utf8').replace('  version: 1.0.0', '  version: 2.0.0'));
    const result = await checkContractChange({ released, working: moved, plannedVersion: '2.0.0' });
    expect(result.changes).toEqual([]);
    rmSync(dirname(moved), { recursive: true, force: true });
  });

  it('rejects a planned version below the released one', async () => {
    await expect(check('released', '0.9.0')).rejects.toThrow('Version 0.9.0 is lower than the released version 1.0.0');
  });
});
