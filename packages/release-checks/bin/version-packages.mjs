#!/usr/bin/env node
// `pnpm version-packages` (what the release workflow's "Version Packages" pull request runs): `changeset version` (the
// pinned CLI, installed on first use), then everything that follows from the one version it wrote: the contract's
// info.version, the bundle, the changelog's contract section, and the released-contract
// snapshot the gate compares with.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { runOrFail } from '@thumbnail-api/dev-tools/run-process';
import { changesetCommand } from '../src/changesets-cli.mjs';
import { contractChangelogSection, insertIntoChangelog } from '../src/contract-changelog.mjs';
import { readSpecVersion, syncContractVersion } from '../src/contract-version.mjs';
import { pnpmInvocation } from '../src/pnpm-invocation.mjs';
import { repoLayout, repoRoot, SPEC_PACKAGE } from '../src/repo-layout.mjs';

const root = process.argv[2] ? resolve(process.argv[2]) : repoRoot;
const files = repoLayout(root);
try {
  const before = readSpecVersion(root);
  await runOrFail(process.execPath, [await changesetCommand(), 'version'], { cwd: root, echo: true });
  const version = readSpecVersion(root);
  if (version === before) {
    console.log(`No pending changeset moves ${SPEC_PACKAGE} (still ${version}): nothing else to do.`);
  } else {
    const { changed } = syncContractVersion(root);
    if (changed.length > 0) console.log(`Contract version ${version} written to ${changed.join(', ')}.`);
    const [pnpm, prefix] = pnpmInvocation();
    await runOrFail(pnpm, [...prefix, '--filter', SPEC_PACKAGE, 'run', 'build'], { cwd: root, echo: true });
    const section = await contractChangelogSection(root, version);
    writeFileSync(files.specChangelog, insertIntoChangelog(readFileSync(files.specChangelog, 'utf8'), version, section));
    mkdirSync(dirname(files.releasedSnapshot), { recursive: true });
    copyFileSync(files.workingBundle, files.releasedSnapshot);
    console.log(
      `\n${section}\n\nWritten to ${relative(root, files.specChangelog)}; ${relative(root, files.releasedSnapshot)} now holds the contract of ${version}.`,
    );
  }
} catch (error) {
  console.error(`version-packages failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
