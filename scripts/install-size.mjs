// The size of what `pnpm install` put on disk: `du -shc` over every node_modules folder of this clone (the figure
// CONTRIBUTING.md quotes, measured as issue 23 measured it), then the largest packages, so a growing install shows
// what grew. The pinned tool sets installed on first use (`.tools/` folders) are listed apart, never counted.
// Usage: node scripts/install-size.mjs [--top N]   (after `node scripts/pnpm.mjs install --frozen-lockfile`)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const topArgument = process.argv.indexOf('--top');
const top = topArgument === -1 ? 15 : Number(process.argv[topArgument + 1]);
if (!Number.isInteger(top) || top < 0) {
  console.error(`install-size: --top takes a whole number of packages to list (got ${JSON.stringify(process.argv[topArgument + 1])}).`);
  process.exit(2);
}

/**
 * Every node_modules folder under `dir` (not those inside another node_modules), and every `.tools` folder apart.
 * @param {string} dir
 * @param {{ modules: string[], tools: string[] }} found
 */
function walk(dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.git') continue;
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules') found.modules.push(path);
    else if (entry.name === '.tools') found.tools.push(path);
    else walk(path, found);
  }
  return found;
}

/** `du` with these arguments, its lines split into [size, path]. @param {string[]} args */
function du(args) {
  return execFileSync('du', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .trim()
    .split('\n')
    .map((line) => /** @type {[string, string]} */ (line.split('\t')));
}

const { modules, tools } = walk(root, { modules: [], tools: [] });
if (modules.length === 0) {
  console.error('install-size: no node_modules folder here; run `node scripts/pnpm.mjs install --frozen-lockfile` first.');
  process.exit(1);
}
const folders = modules.map((path) => `./${relative(root, path)}`).sort();
// One du over all folders: pnpm hard-links files between them, and one run counts each file once.
const total = du(['-shc', ...folders]).at(-1);
console.log(`${total?.join('\t')}    (du -shc over the ${folders.length} node_modules folders of this clone)`);

const store = join(root, 'node_modules', '.pnpm');
if (top > 0 && existsSync(store)) {
  const packages = readdirSync(store, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => `node_modules/.pnpm/${entry.name}`);
  const sized = du(['-sk', ...packages])
    .map(([kib, path]) => ({ mib: Number(kib) / 1024, name: packageName(path.slice('node_modules/.pnpm/'.length)) }))
    .sort((a, b) => b.mib - a.mib);
  console.log(`\nThe ${Math.min(top, sized.length)} largest of ${sized.length} installed packages (node_modules/.pnpm), MiB:`);
  for (const { mib, name } of sized.slice(0, top)) console.log(`${mib.toFixed(1).padStart(8)}  ${name}`);
}

if (tools.length > 0) {
  console.log('\nPinned tool sets installed on first use (not part of the install, not counted above):');
  for (const [size, path] of du(['-sh', ...tools.map((path) => `./${relative(root, path)}`).sort()])) console.log(`${size}\t${path}`);
}

/** `@scope+name@1.2.3_peer+info` (pnpm's folder name) as `@scope/name@1.2.3`. @param {string} folder */
function packageName(folder) {
  return folder.replace(/_.*$/, '').replace(/^(@[^+]+)\+/, '$1/');
}
