import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../bin/contract-gate.mjs', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.yaml`, import.meta.url));
const repos: string[] = [];

interface RepoOptions {
  /** Fixture that plays the working bundle (spec/dist/openapi.yaml); none when undefined. */
  working?: string;
  /** Whether spec/released/openapi.yaml exists (the released fixture, at 1.0.0). */
  released?: boolean;
  /** Pending changesets: file name to frontmatter releases. */
  changesets?: Record<string, Record<string, string>>;
}

/** A throwaway repository laid out like this one: a pnpm workspace with spec/ and client/ in one fixed group. */
function makeRepo({ working, released = true, changesets = {} }: RepoOptions) {
  const root = mkdtempSync(join(tmpdir(), 'gate-repo-'));
  repos.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package.json', JSON.stringify({ name: 'gate-repo', private: true }));
  write('pnpm-workspace.yaml', 'packages:\n  - spec\n  - packages/*\n');
  write('spec/package.json', JSON.stringify({ name: '@thumbnail-api/spec', version: '1.0.0' }));
  write('packages/client/package.json', JSON.stringify({ name: '@thumbnail-api/client', version: '1.0.0' }));
  const config = {
    changelog: false,
    commit: false,
    fixed: [['@thumbnail-api/spec', '@thumbnail-api/client']],
    linked: [],
    access: 'public',
    baseBranch: 'main',
    updateInternalDependencies: 'patch',
    ignore: [],
  };
  write('.changeset/config.json', JSON.stringify(config));
  for (const [name, releases] of Object.entries(changesets)) {
    const frontmatter = Object.entries(releases)
      .map(([pkg, bump]) => `'${pkg}': ${bump}`)
      .join('\n');
    write(`.changeset/${name}.md`, `---\n${frontmatter}\n---\n\nA change.\n`);
  }
  if (working) {
    mkdirSync(join(root, 'spec', 'dist'), { recursive: true });
    copyFileSync(fixture(working), join(root, 'spec', 'dist', 'openapi.yaml'));
  }
  if (released) {
    mkdirSync(join(root, 'spec', 'released'), { recursive: true });
    copyFileSync(fixture('released'), join(root, 'spec', 'released', 'openapi.yaml'));
  }
  return root;
}

function gate(root: string) {
  const result = spawnSync(process.execPath, [cli, root], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

afterEach(() => {
  for (const root of repos.splice(0)) rmSync(root, { recursive: true, force: true });
});

interface GateCase {
  does: string;
  repo: RepoOptions;
  exitCode: number;
  /** Lines the gate's output contains. */
  says: string[];
}

const CASES: GateCase[] = [
  {
    does: 'exits 1 on a removed operation when no changeset is pending',
    repo: { working: 'removed-operation' },
    exitCode: 1,
    says: ['Breaking-change gate FAILED', '@thumbnail-api/spec stays at 1.0.0 (no pending changeset moves it)'],
  },
  {
    does: 'exits 1 when the pending changeset is only minor',
    repo: { working: 'removed-operation', changesets: { feature: { '@thumbnail-api/spec': 'minor' } } },
    exitCode: 1,
    says: ['@thumbnail-api/spec goes to 1.1.0 (a minor bump); breaking changes need a major bump.'],
  },
  {
    does: 'exits 0 when a pending changeset bumps the spec by major',
    repo: { working: 'removed-operation', changesets: { breaking: { '@thumbnail-api/spec': 'major' } } },
    exitCode: 0,
    says: ['@thumbnail-api/spec goes to 2.0.0 (a major bump)'],
  },
  {
    does: 'exits 0 when a major changeset of another package of the fixed group moves the spec along',
    repo: { working: 'newly-required-request-field', changesets: { client: { '@thumbnail-api/client': 'major' } } },
    exitCode: 0,
    says: ['goes to 2.0.0'],
  },
  {
    does: 'exits 0 on an added optional field with no changeset',
    repo: { working: 'added-optional-field' },
    exitCode: 0,
    says: ['nothing breaking since 1.0.0'],
  },
  {
    does: 'exits 0 with a note when nothing has been released yet',
    repo: { working: 'removed-operation', released: false },
    exitCode: 0,
    says: ['nothing released yet (no spec/released/openapi.yaml)'],
  },
  {
    does: 'exits 2 naming the build command when the working bundle was not built',
    repo: {},
    exitCode: 2,
    says: ['spec/dist/openapi.yaml is missing: build the contract first with `pnpm turbo run build --filter=@thumbnail-api/spec`.'],
  },
];

describe('contract-gate command', () => {
  for (const { does, repo, exitCode, says } of CASES) {
    it(does, () => {
      const { code, output } = gate(makeRepo(repo));
      expect(code).toBe(exitCode);
      for (const text of says) expect(output).toContain(text);
    });
  }
});
