// A benchmark's figures, kept dated in its package's BENCHMARKS.md: the bench writes each set of figures (one per
// Node.js version, say) as a section of its own, replaced whole by the next recorded run of that set, with the command,
// when, at which commit, on what and under what load it was measured. A package with several benches (the mock's load
// bench and its image measure) shares the one file. READMEs state the targets; the figures live here.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

/** One bench run: what it knew at its start, to be said beside its figures. */
export interface BenchRun {
  /** Writes `lines` as the section `name` (a short slug, e.g. `node20`) titled `title`, and says so on stdout. */
  record(name: string, title: string, lines: readonly string[]): void;
  /** The heading line every section of this run carries: command, date, commit, Node.js, load at start and now. */
  provenance(): string;
}

/**
 * Starts a run of the bench of the package in `packageDir` (what `--record` writes is `packageDir/BENCHMARKS.md`);
 * `command` is how a reader runs it again, e.g. `pnpm --filter @thumbnail-api/client bench --record`.
 */
export function startBenchRun(packageDir: string, packageName: string, command: string): BenchRun {
  const loadAtStart = loadavg()[0]!;
  const file = join(packageDir, 'BENCHMARKS.md');
  const provenance = () =>
    `Recorded by \`${command}\` on ${new Date().toISOString().slice(0, 10)} at commit ${commitOf(packageDir)} with Node.js ${process.version}, on ${availableParallelism()} CPUs ` +
    `(load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end).`;
  return {
    provenance,
    record(name, title, lines) {
      const start = `<!-- bench:${name} -->`;
      const end = `<!-- /bench:${name} -->`;
      const section = [start, `## ${title}`, '', provenance(), '', ...lines, end].join('\n');
      const current = existsSync(file) ? readFileSync(file, 'utf8') : header(packageName);
      const from = current.indexOf(start);
      const to = current.indexOf(end);
      const next = from === -1 || to < from ? `${current.trimEnd()}\n\n${section}\n` : `${current.slice(0, from)}${section}${current.slice(to + end.length)}`;
      writeFileSync(file, next);
      console.log(`\nBENCHMARKS.md: the ${title} figures above.`);
    },
  };
}

function header(packageName: string): string {
  return [
    `# Benchmarks of ${packageName}`,
    '',
    "Written by the package's benches run with `--record`: each section is replaced whole by the next recorded run of its",
    'kind, and says which command wrote it, when, at which commit, on what and under what load. Do not edit by hand. What',
    "the figures mean and the targets they are held to are in the package's README.",
    '',
  ].join('\n');
}

/** The short commit the package is at, with `+` when its folder has changes not committed (BENCHMARKS.md aside); `unknown` outside git. */
function commitOf(packageDir: string): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: packageDir, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', '.', ':!BENCHMARKS.md'], { cwd: packageDir, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit}+` : commit;
  } catch {
    return 'unknown';
  }
}
