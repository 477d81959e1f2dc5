// The four public packages together in one user's project (consumers/): installed by range from the registry,
// type-checked under every module resolution users set, compiled and run through `import` and `require()` on
// Node.js 20, 22 and 24 (each program starts the installed mock, lists with the client, reads the contract, and
// reports which build of each package it loaded), both client builds in one process (`instanceof` exact across
// them), and a Jest test with Jest's default configuration in a CommonJS package.
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastLines } from '../case-runner.mjs';
import { createProject } from '../consumer-project.mjs';
import { run } from '../processes.mjs';
import { repoRoot, tools } from '../tools.mjs';
import { runTsc, TYPESCRIPT_SETTINGS } from '../tsc.mjs';

const consumersDir = fileURLToPath(new URL('../../consumers/', import.meta.url));
const PACKAGES = ['@thumbnail-api/spec', '@thumbnail-api/types', '@thumbnail-api/client', '@thumbnail-api/mock'];

const BASE_OPTIONS = { strict: true, target: 'es2022', lib: ['es2022'], types: ['node'], skipLibCheck: false, noEmit: true };

/** The programs a user runs, each with the build it loads; the compiled ones exist once `compiled` ran. */
const PROGRAMS = /** @type {const} */ ([
  ['out/consumer.js', 'esm'],
  ['consumer.cjs', 'cjs'],
  ['cjs/out/consumer.js', 'cjs'],
]);

/** @param {import('../tsc.mjs').TypeScriptSetting} setting The folder of the project whose package.json gives the setting's module type. */
const folderOf = (setting) => (setting.type === 'module' ? '.' : 'cjs');

/** @param {import('../context.mjs').SuiteContext} context */
export function allPackagesCases(context) {
  const project = context.once(async () => {
    const dir = join(context.work, 'all-packages');
    const dependencies = Object.fromEntries(PACKAGES.map((name) => [name, `^${context.version}`]));
    /** @type {Record<string, string>} */
    const files = { 'cjs/package.json': `${JSON.stringify({ name: 'all-packages-cjs', private: true, type: 'commonjs' }, null, 2)}\n` };
    for (const setting of TYPESCRIPT_SETTINGS) {
      const { module, moduleResolution } = setting;
      const tsconfig = { compilerOptions: { ...BASE_OPTIONS, module, moduleResolution }, files: ['consumer.ts'] };
      files[join(folderOf(setting), `tsconfig.${setting.name}.json`)] = JSON.stringify(tsconfig, null, 2);
    }
    // Compiled with nodenext: ES modules in out/, CommonJS in cjs/out/ (the folder's package.json decides).
    for (const folder of ['.', 'cjs']) {
      const emit = { ...BASE_OPTIONS, module: 'nodenext', moduleResolution: 'nodenext', noEmit: false, outDir: 'out' };
      files[join(folder, 'tsconfig.emit.json')] = JSON.stringify({ compilerOptions: emit, files: ['consumer.ts'] }, null, 2);
    }
    mkdirSync(join(dir, 'cjs'), { recursive: true });
    for (const file of ['consumer.ts', 'consumer.cjs', 'dual-instanceof.mjs', 'cjs/consumer.ts', 'cjs/consumer.test.js'])
      copyFileSync(join(consumersDir, file), join(dir, file));
    // One copy per module system: compiled in each package, it loads that module system's builds.
    for (const folder of ['.', 'cjs']) copyFileSync(join(consumersDir, 'use-installed-packages.ts'), join(dir, folder, 'use-installed-packages.ts'));
    await createProject(dir, {
      registryUrl: context.registryUrl,
      manifest: { type: 'module', dependencies, devDependencies: { '@types/node': '22.20.5' } },
      files,
    });
    return dir;
  });
  const compiled = context.once(async () => {
    const dir = await project();
    for (const folder of ['.', 'cjs']) await runTsc(dir, join(folder, 'tsconfig.emit.json'));
    return dir;
  });
  /** What every consumer prints; `build` says which files `import` (ES modules) or `require()` (CommonJS) must load. */
  const expectedOutput = async (/** @type {'esm' | 'cjs'} */ build) => {
    // The workspace's contract, built before the run packed it: the published one must list the same operations.
    const { loadContract } = await import('@thumbnail-api/spec');
    return JSON.stringify({
      contractVersion: context.version,
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
  };

  return [
    {
      name: 'all-packages-install',
      needsSuiteMock: false,
      run: async () => {
        const dir = await project();
        const problems = [];
        for (const name of PACKAGES) {
          const installed = join(dir, 'node_modules', ...name.split('/'));
          if (lstatSync(installed).isSymbolicLink()) problems.push(`${name} is a link`);
          if (realpathSync(installed).startsWith(realpathSync(repoRoot))) problems.push(`${name} resolves into the workspace`);
          const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
          if (version !== context.version) problems.push(`${name} is ${version}, not ${context.version}`);
        }
        if (!existsSync(join(dir, 'node_modules', '.bin', 'thumbnail-api-mock'))) problems.push('no thumbnail-api-mock bin');
        if (problems.length > 0) throw new Error(problems.join('; '));
        return `${PACKAGES.length} packages at ${context.version} from the registry, and the mock's bin`;
      },
    },
    ...TYPESCRIPT_SETTINGS.map((setting) => ({
      name: `all-packages-ts-${setting.name}`,
      needsSuiteMock: false,
      run: async () => {
        await runTsc(await project(), join(folderOf(setting), `tsconfig.${setting.name}.json`));
        return `module ${setting.module}, moduleResolution ${setting.moduleResolution}, strict, no skipLibCheck`;
      },
    })),
    .../** @type {const} */ ([20, 22, 24]).map((major) => ({
      name: `all-packages-node${major}`,
      needsSuiteMock: false,
      run: async () => {
        const dir = await compiled();
        for (const [program, build] of PROGRAMS) {
          const result = await run(tools.node[major], [program], { cwd: dir, timeoutMs: 120_000 });
          if (result.code !== 0) throw new Error(`${program} exited ${result.code}: ${lastLines(result.stderr)}`);
          const expected = await expectedOutput(build);
          if (result.stdout.trim() !== expected) throw new Error(`${program} printed ${result.stdout.trim()}, expected ${expected}`);
        }
        const dual = await run(tools.node[major], ['dual-instanceof.mjs'], { cwd: dir, timeoutMs: 120_000 });
        if (dual.code !== 0) throw new Error(`dual-instanceof.mjs exited ${dual.code}: ${lastLines(dual.stderr)}`);
        return `${PROGRAMS.length} programs and ${dualInstanceofVerdict(dual.stdout)} on Node.js ${major}`;
      },
    })),
    {
      name: 'all-packages-jest30',
      needsSuiteMock: false,
      run: async () => {
        const cjs = join(await project(), 'cjs');
        const jest = await run(tools.node[20], [join(tools.module('jest'), 'bin', 'jest.js'), '--ci', '--colors=false'], { cwd: cjs, timeoutMs: 180_000 });
        if (jest.code !== 0) throw new Error(`jest exited ${jest.code}: ${lastLines(jest.stderr + jest.stdout, 6)}`);
        if (!/Tests:\s+2 passed, 2 total/.test(jest.stderr)) throw new Error(`jest did not report 2 passed tests: ${lastLines(jest.stderr)}`);
        return "2 tests with Jest's default configuration on Node.js 20";
      },
    },
  ];
}

/**
 * Checks the output of dual-instanceof.mjs: both builds loaded, and `instanceof` exact across them.
 * @param {string} stdout
 */
function dualInstanceofVerdict(stdout) {
  /** @type {{ separateCopies: boolean, errorClasses: number, checks: number, mismatches: string[], thrown: Record<string, boolean> }} */
  const report = JSON.parse(stdout);
  const problems = [];
  if (!report.separateCopies) problems.push('the ES module and CommonJS builds are one copy');
  if (report.errorClasses <= 10) problems.push(`only ${report.errorClasses} error classes exported`);
  if (report.checks !== 4 * report.errorClasses ** 2) problems.push(`${report.checks} checks, not ${4 * report.errorClasses ** 2}`);
  problems.push(...report.mismatches);
  const thrown = Object.entries(report.thrown);
  problems.push(...thrown.filter(([, holds]) => !holds).map(([name]) => `not so: ${name}`));
  if (thrown.length !== 6) problems.push(`${thrown.length} thrown-error checks, not 6`);
  if (problems.length > 0) throw new Error(`dual-instanceof.mjs: ${problems.join('; ')}`);
  return `${report.checks + thrown.length} instanceof checks across both builds`;
}
