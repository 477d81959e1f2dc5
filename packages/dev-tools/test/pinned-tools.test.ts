// The on-demand installer of a pinned tool set, run with the real npm and no network: an empty set installs
// offline; a set whose registry refuses connections (a closed loopback port, an empty npm cache) shows how a failed
// install reads.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { freePort } from '../src/loopback-port.js';
import { ensurePinnedTools, PinnedToolsError } from '../src/pinned-tools.js';

let work: string;
let manifestDir: string;
let installDir: string;
const logged: string[] = [];
const log = (line: string) => logged.push(line);

/** Writes the set's package.json and package-lock.json (lockfile v3, as npm writes it). */
function writeManifest(dependencies: Record<string, string>, locked: Record<string, object> = {}, description = 'tools for a test') {
  const root = { name: 'test-tools', version: '0.0.0', private: true, description, dependencies };
  writeFileSync(join(manifestDir, 'package.json'), JSON.stringify(root, null, 2));
  const lock = { name: 'test-tools', version: '0.0.0', lockfileVersion: 3, requires: true, packages: { '': { ...root }, ...locked } };
  writeFileSync(join(manifestDir, 'package-lock.json'), JSON.stringify(lock, null, 2));
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'pinned-tools-'));
  manifestDir = join(work, 'tools');
  installDir = join(work, '.tools');
  mkdirSync(manifestDir);
  logged.length = 0;
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('ensurePinnedTools', () => {
  test('installs the set once, reuses it while the lockfile is unchanged, and installs afresh when it changes', async () => {
    writeManifest({});
    const first = await ensurePinnedTools({ manifestDir, installDir, log });
    expect(first).toMatchObject({ reused: false, installDir, tools: [] });
    expect(logged).toEqual([`Installing an empty tool set into ${installDir} with npm (once, until ${join(manifestDir, 'package-lock.json')} changes)...`]);
    expect(readFileSync(join(installDir, 'package.json'), 'utf8')).toBe(readFileSync(join(manifestDir, 'package.json'), 'utf8'));

    writeFileSync(join(installDir, 'left-by-the-first-install'), '');
    expect((await ensurePinnedTools({ manifestDir, installDir, log })).reused).toBe(true);
    expect(existsSync(join(installDir, 'left-by-the-first-install'))).toBe(true);
    expect(logged).toHaveLength(1);

    writeManifest({}, {}, 'the same tools, described anew');
    expect((await ensurePinnedTools({ manifestDir, installDir, log })).reused).toBe(false);
    expect(existsSync(join(installDir, 'left-by-the-first-install'))).toBe(false);
    expect(logged).toHaveLength(2);
  });

  test('fails, naming the command, when the set provides no command it must', async () => {
    writeManifest({});
    const bins = ['lighthouse'];
    await expect(ensurePinnedTools({ manifestDir, installDir, bins, log })).rejects.toThrow(
      new PinnedToolsError(
        `npm installed an empty tool set into ${installDir}, but no \`lighthouse\` command: ${join(manifestDir, 'package.json')} must pin the package that provides it.`,
      ),
    );
    // Not stamped: the next run tries again instead of reusing an install without its command.
    expect(existsSync(join(installDir, '.installed'))).toBe(false);
  });

  test('fails, naming the file, when the set provides no file it must, and is not reused until it does', async () => {
    writeManifest({});
    const files = ['node_modules/node20/bin/node'];
    await expect(ensurePinnedTools({ manifestDir, installDir, files, log })).rejects.toThrow(
      new PinnedToolsError(
        `npm installed an empty tool set into ${installDir}, but not node_modules/node20/bin/node: an install script that fetches it failed, or ${join(manifestDir, 'package.json')} pins no package that provides it. Run the command again.`,
      ),
    );
    expect(existsSync(join(installDir, '.installed'))).toBe(false);

    // Installed and stamped without the requirement, the same set is installed again once a file it must have is gone.
    await ensurePinnedTools({ manifestDir, installDir, log });
    await expect(ensurePinnedTools({ manifestDir, installDir, files, log })).rejects.toBeInstanceOf(PinnedToolsError);
    expect(logged).toHaveLength(3);
  });

  test.each([
    [
      'a package.json that is not JSON',
      () => writeFileSync(join(manifestDir, 'package.json'), '{ "dependencies": '),
      /package\.json is not valid JSON \(.+\): fix it, then run `npm install --package-lock-only` in /,
    ],
    [
      'a range instead of a version',
      () => writeManifest({ autocannon: '^9.0.0' }),
      /pins no exact version of autocannon \("\^9\.0\.0"\): write exact versions/,
    ],
    [
      'no lockfile',
      () => writeFileSync(join(manifestDir, 'package.json'), '{"dependencies":{"autocannon":"9.0.0"}}'),
      /No package-lock\.json in .+: run `npm install --package-lock-only` there and commit it/,
    ],
    ['no manifest', () => undefined, /No package\.json in .+: a pinned tool set is a folder with a package\.json/],
  ])('refuses %s before running npm, saying how to fix it', async (_, write, message) => {
    write();
    const failure = ensurePinnedTools({ manifestDir, installDir, log });
    await expect(failure).rejects.toBeInstanceOf(PinnedToolsError);
    await expect(failure).rejects.toThrow(message);
    expect(existsSync(installDir)).toBe(false);
    expect(logged).toEqual([]);
  });

  test('a failed install names the tools and the folder, shows what npm said and what to do, and is retried on the next run', async () => {
    const registry = `http://127.0.0.1:${await freePort()}/`;
    const tarball = `${registry}absent-tool/-/absent-tool-1.0.0.tgz`;
    writeManifest({ 'absent-tool': '1.0.0' }, { 'node_modules/absent-tool': { version: '1.0.0', resolved: tarball } });
    // An empty cache and a registry that refuses connections: npm must fail, and fast.
    const env = { ...process.env, npm_config_cache: join(work, 'npm-cache'), npm_config_registry: registry, npm_config_fetch_retries: '0' };
    const attempt = () => ensurePinnedTools({ manifestDir, installDir, env, log, timeoutMs: 120_000 });

    const error = await attempt().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(PinnedToolsError);
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(`^npm install of absent-tool@1\\.0\\.0 into ${installDir} exited with 1\\. Check that npm reaches its registry \\(\`npm ping\`\\)`),
    );
    expect(message).toContain('then run the command again (the folder is installed afresh). npm said:\nnpm error');
    expect(message).toMatch(/ECONNREFUSED/);
    expect(existsSync(join(installDir, '.installed'))).toBe(false);

    await expect(attempt()).rejects.toBeInstanceOf(PinnedToolsError);
    expect(logged).toHaveLength(2);
  });
});
