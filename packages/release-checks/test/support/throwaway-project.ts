// A user's project outside the workspace (in the OS temp directory) that installs the packed tarballs with npm:
// no workspace links, no pnpm, the registry for third-party dependencies (npm's cache first).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOrFail } from '@thumbnail-api/dev-tools/run-process';
import { userEnvironment } from './user-environment.js';

/** The module settings a user may have, each in an ES module package (the project) or a CommonJS one (its cjs/). */
export const TYPE_CHECKS = {
  'node16 in an ES module package': { dir: '.', module: 'node16', moduleResolution: 'node16' },
  'nodenext in an ES module package': { dir: '.', module: 'nodenext', moduleResolution: 'nodenext' },
  'bundler in an ES module package': { dir: '.', module: 'esnext', moduleResolution: 'bundler' },
  'node16 in a CommonJS package': { dir: 'cjs', module: 'node16', moduleResolution: 'node16' },
  'nodenext in a CommonJS package': { dir: 'cjs', module: 'nodenext', moduleResolution: 'nodenext' },
  'node10 in a CommonJS package': { dir: 'cjs', module: 'commonjs', moduleResolution: 'node10' },
} as const;
export type TypeCheck = keyof typeof TYPE_CHECKS;

/** The tsconfig of a type check, relative to the project. */
export const tsconfigOf = (check: TypeCheck) => join(TYPE_CHECKS[check].dir, `tsconfig.${TYPE_CHECKS[check].moduleResolution}.json`);

/** Jest as a user installs it, run with its default configuration. */
export const JEST = 'jest@30.5.2';
/** The @types/node a Node.js user installs; the same version the workspace uses. */
const TYPES_NODE = '@types/node@22.20.5';
const consumerDir = fileURLToPath(new URL('../consumer/', import.meta.url));

export interface ThrowawayProject {
  dir: string;
  /** Removes the project directory. */
  remove(): void;
}

/** Creates the project with the consumer files and installs `tarballs` into it; removes it again if that fails. */
export async function createThrowawayProject(tarballs: readonly string[]): Promise<ThrowawayProject> {
  const dir = mkdtempSync(join(tmpdir(), 'thumbnail-api-consumer-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'thumbnail-api-consumer', private: true, type: 'module' }, null, 2)}\n`);
    mkdirSync(join(dir, 'cjs'));
    writeFileSync(join(dir, 'cjs', 'package.json'), `${JSON.stringify({ name: 'thumbnail-api-consumer-cjs', private: true, type: 'commonjs' }, null, 2)}\n`);
    for (const file of ['consumer.ts', 'consumer.cjs', 'dual-instanceof.mjs', 'cjs/consumer.ts', 'cjs/consumer.test.js'])
      copyFileSync(join(consumerDir, file), join(dir, file));
    // One copy per module system: compiled in each package, it loads that module system's builds.
    for (const folder of ['.', 'cjs']) copyFileSync(join(consumerDir, 'use-installed-packages.ts'), join(dir, folder, 'use-installed-packages.ts'));
    const base = { strict: true, target: 'es2022', lib: ['es2022'], types: ['node'], skipLibCheck: false, noEmit: true };
    for (const check of Object.keys(TYPE_CHECKS) as TypeCheck[]) {
      const { dir: _, ...settings } = TYPE_CHECKS[check];
      writeFileSync(join(dir, tsconfigOf(check)), JSON.stringify({ compilerOptions: { ...base, ...settings }, files: ['consumer.ts'] }, null, 2));
    }
    // Compiled with nodenext: ES modules in out/, CommonJS in cjs/out/ (the folder's package.json decides).
    for (const folder of ['.', 'cjs']) {
      const emit = { ...base, module: 'nodenext', moduleResolution: 'nodenext', noEmit: false, outDir: 'out' };
      writeFileSync(join(dir, folder, 'tsconfig.emit.json'), JSON.stringify({ compilerOptions: emit, files: ['consumer.ts'] }, null, 2));
    }
    // --prefer-offline: third-party packages come from npm's cache when it has them, from the registry otherwise.
    const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs, TYPES_NODE, JEST];
    await runOrFail('npm', args, { cwd: dir, env: userEnvironment(), timeoutMs: 600_000 });
    if (existsSync(join(dir, 'pnpm-lock.yaml'))) throw new Error('the throwaway project was installed by pnpm, not npm');
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
