// Every public package as `changeset publish` packs it: one version, workspace ranges rewritten, the right files,
// publint --strict and attw clean. Installing the tarballs and running them (Node.js 20/22/24, import and require,
// TypeScript's module resolutions, Jest) is the ecosystem suite's (ecosystem/src/cases/all-packages.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackedPackage, packPublicPackages } from './support/pack-packages.js';
import { contentProblems, fileListProblems, unpackedBytes } from './support/tarball-contents.js';

const PUBLIC_NAMES = [
  '@thumbnail-api/spec',
  '@thumbnail-api/types',
  '@thumbnail-api/client',
  '@thumbnail-api/mock',
  '@thumbnail-api/verify',
  '@thumbnail-api/mcp',
];

const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);

let work: string;
let packages: PackedPackage[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'thumbnail-api-pack-'));
  packages = await packPublicPackages(join(work, 'tarballs'));
  for (const pkg of packages) {
    const unpacked = unpackedBytes(join(pkg.unpacked, 'package'), pkg.files);
    console.log(
      `${pkg.name}@${pkg.version}: ${pkg.files.length} files, ${(pkg.packedBytes / 1024).toFixed(1)} kB packed, ${(unpacked / 1024).toFixed(1)} kB unpacked`,
    );
  }
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The `./file` paths among the string values (not the keys) of package.json fields. */
function fileTargets(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('./') ? [value.slice(2)] : [];
  if (Array.isArray(value)) return value.flatMap(fileTargets);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(fileTargets);
  return [];
}

describe('packed tarballs', () => {
  it('are the public packages at one version, with workspace ranges rewritten to it', () => {
    expect(packages.map((pkg) => pkg.name)).toEqual(PUBLIC_NAMES);
    const [version] = packages.map((pkg) => pkg.version);
    for (const pkg of packages) {
      expect(pkg.version).toBe(version);
      for (const [dependency, range] of Object.entries(pkg.manifest.dependencies ?? {})) {
        expect(range, `${pkg.name} depends on ${dependency}@${range}`).not.toMatch(/^(workspace|link|file):/);
        if (dependency.startsWith('@thumbnail-api/')) expect(range, `${pkg.name} -> ${dependency}`).toBe(version);
      }
    }
  });

  it('contain only what they should: no tests, tsconfigs, secrets or maps pointing nowhere', () => {
    const problems = packages.flatMap((pkg) => [
      ...fileListProblems(pkg.name, pkg.files).map((problem) => `${pkg.name}: ${problem}`),
      ...contentProblems(join(pkg.unpacked, 'package'), pkg.files).map((problem) => `${pkg.name}: ${problem}`),
    ]);
    expect(problems).toEqual([]);
  });

  it('contain what their exports, types and bins point to', () => {
    const missing: string[] = [];
    for (const pkg of packages) {
      const manifest = JSON.parse(readFileSync(join(pkg.unpacked, 'package', 'package.json'), 'utf8'));
      for (const target of fileTargets([manifest.exports, manifest.bin, manifest.types, manifest.main])) {
        if (!pkg.files.includes(target)) missing.push(`${pkg.name}: ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(PUBLIC_NAMES)('%s passes publint --strict', async (name) => {
    const pkg = packages.find((candidate) => candidate.name === name)!;
    const result = await runProcess(bin('publint'), ['run', pkg.tarball, '--strict'], { cwd: work, timeoutMs: 120_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it.each(PUBLIC_NAMES)('%s passes attw (default profile: node10, node16 from CJS and ESM, bundler)', async (name) => {
    const pkg = packages.find((candidate) => candidate.name === name)!;
    // Data files (the contract as YAML) are exported for reading, not importing: they have no types to check.
    const dataEntrypoints = Object.entries(pkg.manifest.exports ?? {})
      .filter(([, target]) => typeof target === 'string' && !/\.(c|m)?js$|\.json$/.test(target))
      .map(([subpath]) => subpath);
    const args = [pkg.tarball, '--format', 'ascii', ...(dataEntrypoints.length > 0 ? ['--exclude-entrypoints', ...dataEntrypoints] : [])];
    const result = await runProcess(bin('attw'), args, { cwd: work, timeoutMs: 120_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});
