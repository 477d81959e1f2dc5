// A user's project outside the workspace (in the OS temp directory) that installs the packed tarballs with npm:
// no workspace links, no pnpm, the registry for third-party dependencies (npm's cache first).
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOrFail } from '@thumbnail-api/dev-tools/run-process';
import { userEnvironment } from './user-environment.js';

/** The module settings a user may have; each gets its own tsconfig in the project. */
export const MODULE_RESOLUTIONS = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
} as const;
export type ModuleResolution = keyof typeof MODULE_RESOLUTIONS;

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
    for (const file of ['consumer.ts', 'consumer.cjs']) copyFileSync(join(consumerDir, file), join(dir, file));
    const base = { strict: true, target: 'es2022', lib: ['es2022'], types: ['node'], skipLibCheck: false, noEmit: true };
    for (const [name, settings] of Object.entries(MODULE_RESOLUTIONS)) {
      writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions: { ...base, ...settings }, files: ['consumer.ts'] }, null, 2));
    }
    const emit = { ...base, ...MODULE_RESOLUTIONS.nodenext, noEmit: false, outDir: 'out' };
    writeFileSync(join(dir, 'tsconfig.emit.json'), JSON.stringify({ compilerOptions: emit, files: ['consumer.ts'] }, null, 2));
    // --prefer-offline: third-party packages come from npm's cache when it has them, from the registry otherwise.
    const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs, TYPES_NODE];
    await runOrFail('npm', args, { cwd: dir, env: userEnvironment(), timeoutMs: 600_000 });
    if (existsSync(join(dir, 'pnpm-lock.yaml'))) throw new Error('the throwaway project was installed by pnpm, not npm');
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
