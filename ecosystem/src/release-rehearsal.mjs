// The release, rehearsed end to end on a scratch copy of the repository (never the working tree): a changeset,
// `pnpm version-packages`, then the real `pnpm release` (turbo build + `changeset publish`) publishing to a
// Verdaccio of its own. Only the registry differs from the release workflow, set through npm's environment; npm
// cannot make provenance outside a CI provider, so the rehearsal's npm publishes with --provenance=false (see
// npmWithoutProvenance) while every package keeps publishConfig.provenance, as the published manifests show.
// Then what was published is read back from the registry and installed by range in an empty folder, and run.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { lastLines, verdictOfSmoke } from './case-runner.mjs';
import { createProject, esmEntry, smokeConfig, smokeSource } from './consumer-project.mjs';
import { cleanEnvironment, run, startProcess } from './processes.mjs';
import { readPackument, startLocalRegistry } from './registry/local-registry.mjs';
import { pnpmCommand, publicPackages } from './registry/workspace-packages.mjs';
import { repoRoot, tools } from './tools.mjs';

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/**
 * Copies the working tree's files (tracked and new, as git sees them; nothing ignored) into a fresh git repository.
 * @param {string} destination
 */
async function scratchCopy(destination) {
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, timeoutMs: 60_000 });
  if (listed.code !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(repoRoot, file))) continue;
    mkdirSync(dirname(join(destination, file)), { recursive: true });
    copyFileSync(join(repoRoot, file), join(destination, file));
  }
  // changeset publish tags the release in git, so the copy is a repository of its own.
  const git = ['-c', 'user.name=Ecosystem rehearsal', '-c', 'user.email=rehearsal@localhost', '-c', 'commit.gpgsign=false'];
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    [...git, 'commit', '-q', '-m', 'snapshot of the working tree'],
  ]) {
    const result = await run('git', args, { cwd: destination, timeoutMs: 60_000 });
    if (result.code !== 0) throw new Error(`git ${args.join(' ')} in the scratch copy failed: ${result.stderr}`);
  }
}

/**
 * A folder holding an `npm` that runs the real one and adds `--provenance=false` to `npm publish`, for the
 * rehearsal only: npm makes provenance only inside a CI provider, and publishConfig.provenance (which stays as
 * the release needs it) outranks NPM_CONFIG_PROVENANCE; only a command-line flag outranks publishConfig.
 * @param {string} dir
 */
async function npmWithoutProvenance(dir) {
  const found = await run('sh', ['-c', 'command -v npm'], { cwd: repoRoot, timeoutMs: 10_000 });
  const npm = found.stdout.trim();
  if (!npm) throw new Error('npm is not on PATH');
  mkdirSync(dir, { recursive: true });
  const shim = join(dir, 'npm');
  writeFileSync(shim, `#!/bin/sh\nif [ "$1" = publish ]; then exec ${JSON.stringify(npm)} "$@" --provenance=false; fi\nexec ${JSON.stringify(npm)} "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

/**
 * The three rehearsal cases; each needs the one before it.
 * @param {import('./context.mjs').SuiteContext} context
 */
export function releaseRehearsalCases(context) {
  const root = join(context.work, 'release');
  const copy = join(root, 'repo');
  const state = { version: '', registry: /** @type {any} */ (undefined), failed: '' };
  /**
   * @param {string} name this case, named in the reason of the cases after it if it fails
   * @param {() => Promise<string>} body
   */
  const after = (name, body) => async () => {
    if (state.failed) throw new Error(`not run: ${state.failed} failed`);
    try {
      return await body();
    } catch (error) {
      state.failed = name;
      throw error;
    }
  };
  /** @param {string[]} args @param {NodeJS.ProcessEnv} env @param {number} timeoutMs */
  const pnpm = async (args, env, timeoutMs) => {
    const { command, prefix, env: pnpmEnv } = await pnpmCommand();
    return run(command, [...prefix, ...args], { cwd: copy, env: { ...pnpmEnv, ...env }, timeoutMs });
  };

  return [
    {
      name: 'release-version',
      needsSuiteMock: false,
      timeoutMs: 420_000,
      run: after('release-version', async () => {
        await scratchCopy(copy);
        const install = await pnpm(['install', '--frozen-lockfile', '--prefer-offline'], {}, 300_000);
        if (install.code !== 0) throw new Error(`pnpm install in the scratch copy failed: ${lastLines(install.stderr || install.stdout)}`);
        const before = JSON.parse(readFileSync(join(copy, 'spec', 'package.json'), 'utf8')).version;
        const names = publicPackages(copy).map((pkg) => pkg.name);
        writeFileSync(
          join(copy, '.changeset', 'ecosystem-release-rehearsal.md'),
          `---\n${names.map((name) => `'${name}': patch`).join('\n')}\n---\n\nRelease rehearsal of the ecosystem suite (never committed).\n`,
        );
        const version = await pnpm(['run', 'version-packages'], {}, 300_000);
        if (version.code !== 0) throw new Error(`pnpm version-packages failed: ${lastLines(version.stderr || version.stdout)}`);
        const versions = publicPackages(copy).map((pkg) => `${pkg.name}@${pkg.version}`);
        state.version = JSON.parse(readFileSync(join(copy, 'spec', 'package.json'), 'utf8')).version;
        if (state.version === before) throw new Error(`version-packages left the version at ${before}`);
        const odd = versions.filter((entry) => !entry.endsWith(`@${state.version}`));
        if (odd.length > 0) throw new Error(`the fixed group did not move together: ${versions.join(', ')}`);
        return `${before} -> ${state.version} for ${names.length} packages`;
      }),
    },
    {
      name: 'release-publish',
      needsSuiteMock: false,
      timeoutMs: 600_000,
      run: after('release-publish', async () => {
        state.registry = await startLocalRegistry(join(root, 'registry'));
        context.onCleanup(state.registry.stop);
        // Both spellings: changeset publish reads only the lower-case npm_config_registry, and without it passes
        // the public registry on to pnpm publish, whatever npm's config says.
        const npmDir = await npmWithoutProvenance(join(root, 'bin'));
        // npm_path: the npm pnpm publish runs (pnpm puts Node.js's own folder first on PATH, so PATH alone is not enough).
        const settings = { userconfig: state.registry.npmrc, registry: state.registry.url, provenance: 'false', npm_path: join(npmDir, 'npm') };
        const env = {
          ...Object.fromEntries(
            Object.entries(settings).flatMap(([name, value]) => [
              [`npm_config_${name}`, value],
              [`NPM_CONFIG_${name.toUpperCase()}`, value],
            ]),
          ),
          PATH: `${npmDir}${delimiter}${(await pnpmCommand()).env.PATH}`,
        };
        // Nothing may reach the public registry: check where pnpm (and the npm it runs) would publish first.
        const wouldPublishTo = [
          ['pnpm', (await pnpm(['config', 'get', 'registry'], env, 120_000)).stdout.trim()],
          ['npm', (await run('npm', ['config', 'get', 'registry'], { cwd: copy, env: cleanEnvironment(env), timeoutMs: 120_000 })).stdout.trim()],
        ];
        for (const [tool, registry] of wouldPublishTo) {
          if (registry?.replace(/\/?$/, '/') !== state.registry.url) throw new Error(`${tool} would publish to ${registry}, not the local registry: stopped`);
        }
        const release = await pnpm(['run', 'release'], env, 540_000);
        if (release.code !== 0) {
          const errors = [...new Set((release.stderr + release.stdout).split('\n').filter((line) => /error/i.test(line) && !/complete log/.test(line)))];
          throw new Error(
            `pnpm release failed (exit ${release.code}): ${errors.length > 0 ? errors.slice(0, 4).join(' / ') : lastLines(release.stderr + release.stdout, 6)}`,
          );
        }
        const problems = [];
        for (const { name } of publicPackages(copy)) {
          const packument = await readPackument(state.registry.url, name);
          const manifest = packument.versions?.[state.version];
          if (!manifest) {
            problems.push(`${name}@${state.version} is not in the registry`);
            continue;
          }
          if (packument['dist-tags']?.latest !== state.version) problems.push(`${name}: latest is ${packument['dist-tags']?.latest}`);
          if (manifest.publishConfig?.provenance !== true || manifest.publishConfig?.access !== 'public')
            problems.push(`${name}: publishConfig is ${JSON.stringify(manifest.publishConfig)}, not provenance and public access`);
          for (const field of DEPENDENCY_FIELDS) {
            for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
              if (/^(workspace|link|file):/.test(String(range))) problems.push(`${name} ${field}.${dependency} is ${range}`);
              else if (field === 'dependencies' && dependency.startsWith('@thumbnail-api/') && range !== state.version)
                problems.push(`${name} -> ${dependency}@${range}, not ${state.version}`);
            }
          }
        }
        if (problems.length > 0) throw new Error(problems.join('; '));
        return `${publicPackages(copy).length} packages at ${state.version}, manifests read back: no workspace: ranges`;
      }),
    },
    {
      name: 'release-install',
      needsSuiteMock: false,
      timeoutMs: 420_000,
      run: after('release-install', async () => {
        const dir = join(root, 'consumer');
        const config = smokeConfig({ ...context, clientVersion: state.version }, 'node');
        await createProject(dir, {
          registryUrl: state.registry.url,
          manifest: {
            type: 'module',
            dependencies: { '@thumbnail-api/client': `^${state.version}` },
            devDependencies: { '@thumbnail-api/mock': `^${state.version}` },
          },
          files: {
            'mock-keys.json': JSON.stringify({ [context.keys.ok]: 'ok', [context.keys.revoked]: 'unauthorized', [context.keys.noAccess]: 'forbidden' }),
            'smoke-core.mjs': smokeSource.esm,
          },
        });
        const tree = await run(
          'npm',
          ['ls', '--all', '--json', '@thumbnail-api/spec', '@thumbnail-api/types', '@thumbnail-api/client', '@thumbnail-api/mock'],
          { cwd: dir, timeoutMs: 120_000 },
        );
        const wrong = [];
        /** @param {Record<string, { version: string, dependencies?: object }> | undefined} dependencies @param {string[]} path */
        const walk = (dependencies, path) => {
          for (const [name, node] of Object.entries(dependencies ?? {})) {
            if (name.startsWith('@thumbnail-api/') && node.version !== state.version) wrong.push(`${[...path, name].join(' > ')}@${node.version}`);
            walk(/** @type {any} */ (node.dependencies), [...path, name]);
          }
        };
        const parsed = JSON.parse(tree.stdout || '{}');
        walk(parsed.dependencies, []);
        const found = JSON.stringify(parsed).match(/"@thumbnail-api\/(spec|types)"/g) ?? [];
        if (found.length < 2) wrong.push('mock -> spec and client -> types are not both in the installed tree');
        if (wrong.length > 0) throw new Error(`installed versions: ${wrong.join(', ')}`);
        const mock = await startProcess('npx', ['--no-install', '@thumbnail-api/mock', '--port', '0', '--keys', 'mock-keys.json'], {
          cwd: dir,
          ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
          timeoutMs: 90_000,
        });
        try {
          writeFileSync(join(dir, 'smoke.mjs'), esmEntry({ ...config, mockUrl: mock.match[1] ?? '' }));
          const note = verdictOfSmoke(await run(tools.node[22], ['smoke.mjs'], { cwd: dir, timeoutMs: 60_000 }));
          return `mock@^${state.version} and client@^${state.version} installed by range (spec and types at ${state.version}); ${note} against that mock`;
        } finally {
          await mock.stop();
        }
      }),
    },
  ];
}
