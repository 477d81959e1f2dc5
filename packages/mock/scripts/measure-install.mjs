// What installing the mock costs a user: packs @thumbnail-api/mock and what it needs from this workspace
// (@thumbnail-api/spec, @thumbnail-api/types) with pnpm (which rewrites `workspace:*`), installs the tarballs with npm into an empty
// project outside the workspace, and prints how many packages and MB land in its node_modules. Needs pnpm, npm
// and the registry (or npm's cache). Both packages must be built.
//
//   node scripts/measure-install.mjs                # the mock as `npm install --save-dev` brings it
//   node scripts/measure-install.mjs --with-prism   # plus the optional Prism packages, as the mock's message names them
//   node scripts/measure-install.mjs --check        # exit 1 above 10 MB or 20 packages (the test double's budget)
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packWorkspaceFolders } from '@thumbnail-api/dev-tools/packed-project';

const budget = { megabytes: 10, packages: 20 };
const withPrism = process.argv.includes('--with-prism');
const check = process.argv.includes('--check');
const env = { ...process.env, SCARF_ANALYTICS: 'false', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

const project = mkdtempSync(join(tmpdir(), 'thumbnail-api-mock-weight-'));
try {
  const tarballs = join(project, 'tarballs');
  packWorkspaceFolders(['spec', 'packages/types', 'packages/mock'], tarballs);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-project', private: true }));
  const packed = readdirSync(tarballs).map((file) => `./tarballs/${file}`);
  const extra = withPrism ? prismPackages() : [];
  execFileSync('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...packed, ...extra], {
    cwd: project,
    stdio: 'pipe',
    env,
  });
  const installed = packagesUnder(join(project, 'node_modules'));
  const bytes = installed.reduce((sum, item) => sum + item.bytes, 0);
  const megabytes = bytes / 1e6;
  console.log(`npm install --save-dev @thumbnail-api/mock${withPrism ? ` ${extra.join(' ')}` : ''} (packed from this checkout):`);
  const onDisk = diskMegabytes(join(project, 'node_modules'));
  console.log(
    `  ${installed.length} packages, ${megabytes.toFixed(1)} MB in node_modules (the files' sizes, 1 MB = 10^6 bytes)${onDisk === undefined ? '' : `; ${onDisk.toFixed(1)} MB on disk (du)`}`,
  );
  console.log('  largest:');
  for (const item of [...installed].sort((a, b) => b.bytes - a.bytes).slice(0, 8)) {
    console.log(`    ${(item.bytes / 1e6).toFixed(2).padStart(6)} MB  ${item.name}@${item.version}`);
  }
  if (check && !withPrism && (megabytes > budget.megabytes || installed.length > budget.packages)) {
    console.error(`Over the budget of ${budget.megabytes} MB and ${budget.packages} packages.`);
    process.exitCode = 1;
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}

/** The Prism packages the mock loads on first use, read from its package.json (its optional peer dependencies). */
function prismPackages() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return Object.entries(manifest.peerDependencies ?? {})
    .filter(([name]) => name.startsWith('@stoplight/'))
    .map(([name, version]) => `${name}@${version}`);
}

/** Every installed package (nested ones included), with the size of its own files (not of its nested node_modules). */
function packagesUnder(nodeModules) {
  const found = [];
  const visit = (folder) => {
    let names;
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const path = join(folder, name);
      if (name.startsWith('@')) {
        visit(path);
        continue;
      }
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      found.push({ name: manifest.name ?? name, version: manifest.version ?? '?', bytes: sizeOf(path) });
      visit(join(path, 'node_modules'));
    }
  };
  visit(nodeModules);
  return found;
}

/** What `du` says the folder takes on disk (whole blocks per file), where there is a `du`. */
function diskMegabytes(folder) {
  try {
    return (Number(execFileSync('du', ['-sk', folder], { encoding: 'utf8' }).split(/\s/)[0]) * 1024) / 1e6;
  } catch {
    return undefined;
  }
}

function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const name of readdirSync(path)) if (name !== 'node_modules') total += sizeOf(join(path, name));
  return total;
}
