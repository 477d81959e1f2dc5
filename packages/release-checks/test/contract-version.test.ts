import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contractVersionProblems, findInfoVersion, syncContractVersion } from '../src/contract-version.mjs';
import { PUBLIC_PACKAGES } from '../src/repo-layout.mjs';

const CONTRACT = `openapi: 3.1.0
info:
  title: Example
  # the contract's version, copied from spec/package.json
  version: 1.0.0
  summary: Example.
paths: {}
components:
  schemas:
    Release:
      properties:
        version:
          type: string
`;

const repos: string[] = [];

/** A throwaway repository with every public package at `version`, except those `others` names. */
function makeRepo(version: string, others: Record<string, string> = {}, contract = CONTRACT) {
  const root = mkdtempSync(join(tmpdir(), 'version-repo-'));
  repos.push(root);
  for (const [name, dir] of PUBLIC_PACKAGES) {
    mkdirSync(join(root, dir, 'src'), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify({ name, version: others[name] ?? version }, null, 2));
  }
  writeFileSync(join(root, 'spec', 'openapi.yaml'), contract);
  return root;
}

afterEach(() => {
  for (const root of repos.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('findInfoVersion', () => {
  it.each([
    ['bare', 'info:\n  title: A\n  version: 2.3.4\npaths: {}\n', '2.3.4'],
    ['quoted', "info:\n  version: '2.3.4'\n  title: A\n", '2.3.4'],
    ['with a comment', 'info:\n  version: 2.3.4 # moved by changesets\n', '2.3.4'],
    ['a prerelease', 'info:\n  version: 3.0.0-next.1\n', '3.0.0-next.1'],
  ])('reads a %s info.version', (_, yaml, expected) => {
    expect(findInfoVersion(yaml)?.value).toBe(expected);
  });

  it('ignores `version` keys outside info and nested deeper inside it', () => {
    const yaml = 'x-meta:\n  version: 9.9.9\ninfo:\n  title: A\n  contact:\n    version: 8.8.8\n  version: 1.2.3\n';
    expect(findInfoVersion(yaml)?.value).toBe('1.2.3');
  });

  it('finds nothing when info has no version', () => {
    expect(findInfoVersion('info:\n  title: A\npaths:\n  version: 1.0.0\n')).toBeUndefined();
  });
});

describe('syncContractVersion', () => {
  it('writes the spec package version into info.version, touching nothing else', () => {
    const root = makeRepo('2.0.0');
    expect(syncContractVersion(root)).toEqual({ version: '2.0.0', changed: ['spec/openapi.yaml'] });
    expect(readFileSync(join(root, 'spec', 'openapi.yaml'), 'utf8')).toBe(CONTRACT.replace('  version: 1.0.0', '  version: 2.0.0'));
    expect(syncContractVersion(root).changed).toEqual([]);
  });
});

describe('contractVersionProblems', () => {
  it('finds none when all agree', () => {
    expect(contractVersionProblems(makeRepo('1.0.0'))).toEqual([]);
  });

  it('names info.version edited by hand and the command that fixes it', () => {
    const root = makeRepo('1.0.0', {}, CONTRACT.replace('version: 1.0.0', 'version: 1.1.0'));
    expect(contractVersionProblems(root)).toEqual([
      'spec/openapi.yaml says info.version 1.1.0, but spec/package.json says 1.0.0. The package version is the one source (changesets move it): run `pnpm --filter @thumbnail-api/release-checks run sync-contract-version` and commit.',
    ]);
  });

  it.each(PUBLIC_PACKAGES.filter(([name]) => name !== '@thumbnail-api/spec').map(([name]) => name))(
    'names %s when its version left the fixed group',
    (name) => {
      const [problem, ...rest] = contractVersionProblems(makeRepo('1.0.0', { [name]: '1.0.1' }));
      expect(rest).toEqual([]);
      expect(problem).toContain(`${name} is at 1.0.1, but @thumbnail-api/spec is at 1.0.0`);
    },
  );
});
