#!/usr/bin/env node
// Type-checks, once, our own declaration files (.d.ts) that the packages' `lint` programs load (dist/*.d.ts, the
// generated types) and every declaration file they load in turn, as a user's program without skipLibCheck would: what
// installing our packages brings into a user's program. Each `lint` (tsc --noEmit) skips declaration files
// (skipLibCheck in tsconfig.base.json), since ten programs checked the same files ten times. The types of tools only
// our own tests and scripts load (vitest, playwright, ...) are left to their authors, as skipLibCheck leaves them
// everywhere: checking them too cost two and a half times as long. Run after the build: it reads dist/.
// Usage, from the repository root: node scripts/check-declarations.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspaceFolders } from './workspace-folders.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ts = createRequire(join(root, 'package.json'))('typescript');

/** Every workspace folder whose `lint` script runs tsc on its tsconfig.json. */
function lintedProjects() {
  return workspaceFolders(root).filter((folder) => {
    if (!ts.sys.fileExists(join(root, folder, 'tsconfig.json'))) return false;
    return /\btsc\b/.test(JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).scripts?.lint ?? '');
  });
}

// One cache of parsed files for all programs: most declaration files are shared by every package.
const parsed = new Map();
function hostFor(options) {
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(fileName, languageVersion, ...rest));
    return parsed.get(key);
  };
  return host;
}

const failures = [];
const declarationFiles = new Set();
for (const folder of lintedProjects()) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, folder, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => failures.push(d) },
  );
  if (!config) continue;
  failures.push(...config.errors);
  // Listing the files parses them and resolves imports; nothing is type-checked here.
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host: hostFor(config.options) });
  for (const file of program.getSourceFiles()) {
    // TypeScript's own lib files are checked through `lib` below, as in every package's program.
    if (!file.isDeclarationFile || program.isSourceFileDefaultLibrary(file)) continue;
    const path = ts.sys.realpath?.(file.fileName) ?? file.fileName;
    // Ours, not a dependency's: what a dependency's own files load comes in through the check's program.
    if (!path.split(/[\\/]/).includes('node_modules')) declarationFiles.add(path);
  }
}

const base = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.base.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => failures.push(d) },
);
const checkOptions = { ...base.options, noEmit: true, skipLibCheck: false };
const program = ts.createProgram({ rootNames: [...declarationFiles].sort(), options: checkOptions, host: hostFor(checkOptions) });
failures.push(...ts.getPreEmitDiagnostics(program));

if (failures.length > 0) {
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  console.error(ts.formatDiagnosticsWithColorAndContext(failures, host));
  console.error(`${failures.length} error(s) in declaration files: fix our sources if a dist/*.d.ts is named, else the dependency's version or types.`);
  process.exit(1);
}
console.log(`Our ${declarationFiles.size} declaration files, and the ${program.getSourceFiles().length - declarationFiles.size} files they load, type-check.`);
