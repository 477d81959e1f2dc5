// Every public package as a user gets it: packed, installed with npm into a project outside the workspace,
// linted as a tarball, type-checked and run there, through `import` and `require()`. Slow on a cold npm cache (minutes): it
// installs from the registry.
import { existsSync, lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '@thumbnail-api/dev-tools/run-process';
import { loadContract } from '@thumbnail-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/repo-layout.mjs';
import { type PackedPackage, packPublicPackages } from './support/pack-packages.js';
import { contentProblems, fileListProblems, unpackedBytes } from './support/tarball-contents.js';
import { createThrowawayProject, type ThrowawayProject, TYPE_CHECKS, type TypeCheck, tsconfigOf } from './support/throwaway-project.js';
import { userEnvironment } from './support/user-environment.js';

const require = createRequire(import.meta.url);
const tsc = join(require.resolve('typescript/package.json'), '..', 'bin', 'tsc');
const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);
/** Newer Node.js majors users run, fetched as the npm `node` package; the one running this test is always used. */
const OTHER_NODE_MAJORS = [22, 24].filter((major) => major !== Number(process.versions.node.split('.')[0]));

let work: string;
let packages: PackedPackage[];
let project: ThrowawayProject;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'thumbnail-api-pack-'));
  packages = await packPublicPackages(join(work, 'tarballs'));
  for (const pkg of packages) {
    const unpacked = unpackedBytes(join(pkg.unpacked, 'package'), pkg.files);
    console.log(
      `${pkg.name}@${pkg.version}: ${pkg.files.length} files, ${(pkg.packedBytes / 1024).toFixed(1)} kB packed, ${(unpacked / 1024).toFixed(1)} kB unpacked`,
    );
  }
  project = await createThrowawayProject(packages.map((pkg) => pkg.tarball));
});

afterAll(() => {
  project?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The `./file` paths among the string values (not the keys) of package.json fields. */
function fileTargets(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('./') ? [value.slice(2)] : [];
  if (Array.isArray(value)) return value.flatMap(fileTargets);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(fileTargets);
  return [];
}

/** What every consumer prints; `build` says which files `import` (ES modules) or `require()` (CommonJS) must load. */
const expectedOutput = (build: 'esm' | 'cjs') =>
  JSON.stringify({
    contractVersion: packages.find((pkg) => pkg.name === '@thumbnail-api/spec')?.version,
    contractFileExists: true,
    contractOperations: loadContract()
      .operations.map((operation) => operation.operationId)
      .join(','),
    listedThumbnails: 'an object',
    loaded:
      build === 'esm'
        ? ['client/dist/index.js', 'mock/dist/index.js', 'spec/dist/index.js', 'types/src/index.js']
        : ['client/dist/cjs/index.js', 'mock/dist/cjs/index.js', 'spec/dist/cjs/index.js', 'types/src/index.js'],
  });

/** The programs a user runs, each with the build it loads; the compiled ones exist once `compileConsumers` ran. */
const PROGRAMS = [
  ['out/consumer.js', 'esm'],
  ['consumer.cjs', 'cjs'],
  ['cjs/out/consumer.js', 'cjs'],
] as const;

/** Compiles consumer.ts of the ES module package and of the CommonJS one (cjs/) with tsc. */
async function compileConsumers(): Promise<void> {
  for (const folder of ['.', 'cjs']) {
    if (existsSync(join(project.dir, folder, 'out', 'consumer.js'))) continue;
    const compile = await runProcess(process.execPath, [tsc, '-p', join(folder, 'tsconfig.emit.json')], {
      cwd: project.dir,
      env: userEnvironment(),
      timeoutMs: 180_000,
    });
    expect(compile.code, compile.stdout + compile.stderr).toBe(0);
  }
}

/** Checks the output of dual-instanceof.mjs: both builds loaded, and `instanceof` exact across them. */
function expectExactInstanceofAcrossBuilds(stdout: string): void {
  const report = JSON.parse(stdout) as { separateCopies: boolean; errorClasses: number; checks: number; mismatches: string[]; thrown: Record<string, boolean> };
  expect(report.separateCopies).toBe(true);
  expect(report.errorClasses).toBeGreaterThan(10);
  expect(report.checks).toBe(4 * report.errorClasses ** 2);
  expect(report.mismatches).toEqual([]);
  expect(Object.entries(report.thrown).filter(([, holds]) => !holds)).toEqual([]);
  expect(Object.keys(report.thrown)).toHaveLength(6);
}

describe('packed tarballs', () => {
  it('are the four public packages at one version, with workspace ranges rewritten to it', () => {
    expect(packages.map((pkg) => pkg.name)).toEqual(['@thumbnail-api/spec', '@thumbnail-api/types', '@thumbnail-api/client', '@thumbnail-api/mock']);
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

  it.each(['@thumbnail-api/spec', '@thumbnail-api/types', '@thumbnail-api/client', '@thumbnail-api/mock'])('%s passes publint --strict', async (name) => {
    const pkg = packages.find((candidate) => candidate.name === name)!;
    const result = await runProcess(bin('publint'), ['run', pkg.tarball, '--strict'], { cwd: work, timeoutMs: 120_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it.each(['@thumbnail-api/spec', '@thumbnail-api/types', '@thumbnail-api/client', '@thumbnail-api/mock'])(
    '%s passes attw (default profile: node10, node16 from CJS and ESM, bundler)',
    async (name) => {
      const pkg = packages.find((candidate) => candidate.name === name)!;
      // Data files (the contract as YAML) are exported for reading, not importing: they have no types to check.
      const dataEntrypoints = Object.entries(pkg.manifest.exports ?? {})
        .filter(([, target]) => typeof target === 'string' && !/\.(c|m)?js$|\.json$/.test(target))
        .map(([subpath]) => subpath);
      const args = [pkg.tarball, '--format', 'ascii', ...(dataEntrypoints.length > 0 ? ['--exclude-entrypoints', ...dataEntrypoints] : [])];
      const result = await runProcess(bin('attw'), args, { cwd: work, timeoutMs: 120_000 });
      expect(result.code, result.stdout + result.stderr).toBe(0);
    },
  );
});

describe('installed with npm outside the workspace', () => {
  it("resolves every package from the project's node_modules, not from workspace links", () => {
    for (const pkg of packages) {
      const installed = join(project.dir, 'node_modules', ...pkg.name.split('/'));
      expect(lstatSync(installed).isSymbolicLink(), `${pkg.name} is a link`).toBe(false);
      expect(realpathSync(installed).startsWith(realpathSync(repoRoot))).toBe(false);
      expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(pkg.version);
    }
    expect(existsSync(join(project.dir, 'node_modules', '.bin', 'thumbnail-api-mock'))).toBe(true);
  });

  it.each(Object.keys(TYPE_CHECKS) as TypeCheck[])('type-checks the consumer with module resolution %s', async (check) => {
    const result = await runProcess(process.execPath, [tsc, '-p', tsconfigOf(check)], { cwd: project.dir, env: userEnvironment(), timeoutMs: 180_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it.each(PROGRAMS)(`runs %s (loading the %s builds) on Node.js ${process.version} against the installed mock`, async (program, build) => {
    await compileConsumers();
    const result = await runProcess(process.execPath, [program], { cwd: project.dir, env: userEnvironment(), timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(expectedOutput(build));
  });

  it(`keeps instanceof exact for errors of either build when both are loaded, on Node.js ${process.version}`, async () => {
    const result = await runProcess(process.execPath, ['dual-instanceof.mjs'], { cwd: project.dir, env: userEnvironment(), timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    expectExactInstanceofAcrossBuilds(result.stdout);
  });

  it(`passes a Jest test with Jest's default configuration in a CommonJS package on Node.js ${process.version}`, async () => {
    const jest = join(project.dir, 'node_modules', 'jest', 'bin', 'jest.js');
    const result = await runProcess(process.execPath, [jest, '--ci'], { cwd: join(project.dir, 'cjs'), env: userEnvironment(), timeoutMs: 180_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
  }, 240_000);

  it.each(OTHER_NODE_MAJORS)('runs every consumer on Node.js %i (the npm `node` package)', async (major) => {
    const node = ['exec', '--yes', `--package=node@${major}`, '--', 'node'];
    const version = await runProcess('npm', [...node, '--version'], { cwd: project.dir, env: userEnvironment(), timeoutMs: 300_000 });
    expect(version.stdout.trim(), version.stderr).toMatch(new RegExp(`^v${major}\\.`));
    console.log(`Running the installed consumers on Node.js ${version.stdout.trim()}`);
    await compileConsumers();
    for (const [program, build] of PROGRAMS) {
      const result = await runProcess('npm', [...node, program], { cwd: project.dir, env: userEnvironment(), timeoutMs: 180_000 });
      expect(result.code, `${program}: ${result.stderr}`).toBe(0);
      expect(result.stdout.trim(), program).toBe(expectedOutput(build));
    }
    const dual = await runProcess('npm', [...node, 'dual-instanceof.mjs'], { cwd: project.dir, env: userEnvironment(), timeoutMs: 180_000 });
    expect(dual.code, dual.stderr).toBe(0);
    expectExactInstanceofAcrossBuilds(dual.stdout);
  });
});
