// Packs every public package with `pnpm pack`, as `changeset publish` does (pnpm rewrites `workspace:*`).
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runOrFail } from '@thumbnail-api/dev-tools/run-process';
import { pnpmInvocation } from '../../src/pnpm-invocation.mjs';
import { PUBLIC_PACKAGES, repoRoot } from '../../src/repo-layout.mjs';

export interface PackedPackage {
  /** Package name, e.g. `@thumbnail-api/client`. */
  name: string;
  version: string;
  /** Absolute path of the tarball. */
  tarball: string;
  /** Paths inside the package, as they will be published. */
  files: string[];
  /** Size of the tarball in bytes. */
  packedBytes: number;
  /** Where the tarball was unpacked: its files are under `<unpacked>/package/`. */
  unpacked: string;
  /** The package.json inside the tarball (workspace ranges already rewritten). */
  manifest: { version: string; dependencies?: Record<string, string>; exports?: Record<string, unknown> };
}

/** Packs the public packages into `destination`; their `dist/` must be built (turbo's `^build` does it). */
export async function packPublicPackages(destination: string): Promise<PackedPackage[]> {
  mkdirSync(destination, { recursive: true });
  const [pnpm, prefix] = pnpmInvocation();
  const packed: PackedPackage[] = [];
  for (const [name, dir] of PUBLIC_PACKAGES) {
    const cwd = join(repoRoot, dir);
    const { stdout } = await runOrFail(pnpm, [...prefix, 'pack', '--json', '--pack-destination', destination], { cwd, timeoutMs: 120_000 });
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { name: string; version: string; filename: string; files: { path: string }[] };
    if (report.name !== name) throw new Error(`pnpm pack in ${dir} packed ${report.name}, expected ${name}.`);
    const unpacked = join(destination, 'unpacked', name.replace('/', '__'));
    mkdirSync(unpacked, { recursive: true });
    await runOrFail('tar', ['-xzf', report.filename, '-C', unpacked], { cwd: destination, timeoutMs: 60_000 });
    packed.push({
      name,
      version: report.version,
      tarball: report.filename,
      files: report.files.map((file) => file.path).sort(),
      packedBytes: statSync(report.filename).size,
      unpacked,
      manifest: JSON.parse(readFileSync(join(unpacked, 'package', 'package.json'), 'utf8')),
    });
  }
  return packed;
}
