// Runs code the docs tell readers to run, each as its own process, the way a reader would: TypeScript stripped of its
// types and run with node, JavaScript with node, shell with sh (which the curl samples need curl for), Python with
// the machine's python3. Only PATH, HOME and the given variables are set; a run that outlives its limit is killed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ProcessResult, runProcess } from '@thumbnail-api/dev-tools/run-process';
import ts from 'typescript';

export const runDir = fileURLToPath(new URL('../test-results/run/', import.meta.url));

/**
 * Runs `source` as the file `name` (its extension says how: `.ts`, `.mjs`, `.sh`, `.py`), from inside docs/ so that
 * its imports resolve to this workspace's packages.
 */
export function runSample(source: string, name: string, env: Record<string, string>): Promise<ProcessResult> {
  mkdirSync(runDir, { recursive: true });
  if (name.endsWith('.sh')) return run('sh', ['-e', '-c', source], env);
  const file = `${runDir}${name.replace(/\.ts$/, '.mjs')}`;
  if (name.endsWith('.ts')) writeFileSync(file, stripTypes(source, name));
  else writeFileSync(file, source);
  if (name.endsWith('.py')) return run('python3', [file], env);
  if (name.endsWith('.ts') || name.endsWith('.mjs')) return run(process.execPath, [file], env);
  throw new Error(`runSample() runs .ts, .mjs, .sh and .py files, not ${name}.`);
}

/** The module as a reader's build would emit it: types gone, nothing else changed. */
export function stripTypes(source: string, name: string): string {
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    fileName: name,
  }).outputText;
}

/** Fails, saying what to install, when a program the samples need (curl, python3) is missing. */
export async function requireTools(): Promise<void> {
  for (const [tool, args, install] of [
    ['curl', ['--version'], 'apt-get install curl'],
    ['python3', ['--version'], 'apt-get install python3'],
  ] as const) {
    const found = await run(tool, [...args], {}).catch((error: Error) => ({ code: -1, stderr: error.message }));
    if (found.code !== 0) throw new Error(`${tool} is not installed, and the samples need it: install it (${install}). ${found.stderr}`);
  }
}

/** Runs a command with only PATH, HOME and `env`, and kills it if it outlives its limit (30 s unless given). */
export function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<ProcessResult> {
  return runProcess(command, args, { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeoutMs });
}
