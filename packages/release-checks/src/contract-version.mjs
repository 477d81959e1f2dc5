// The contract's version has one source, spec/package.json#version (moved by `changeset version`); this module
// copies it to spec/openapi.yaml's info.version and checks the copy. (The client's VERSION is written by its build.)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PUBLIC_PACKAGES, repoLayout } from './repo-layout.mjs';

/** The command that fixes a copy that drifted, named in every error. */
export const SYNC_COMMAND = 'pnpm --filter @thumbnail-api/release-checks run sync-contract-version';

/**
 * Finds `info.version` in an OpenAPI YAML document written in block style (as spec/openapi.yaml is).
 * @param {string} yaml
 * @returns {{ value: string, start: number, end: number } | undefined} the version and its character range.
 */
export function findInfoVersion(yaml) {
  const info = /^info:[ \t]*\r?\n/m.exec(yaml);
  if (!info) return undefined;
  const blockStart = info.index + info[0].length;
  const nextTopLevel = /^\S/m.exec(yaml.slice(blockStart));
  const block = yaml.slice(blockStart, nextTopLevel ? blockStart + nextTopLevel.index : yaml.length);
  const childIndent = /^([ \t]+)\S/.exec(block)?.[1];
  if (childIndent === undefined) return undefined;
  const line = new RegExp(`^${childIndent}version:[ \\t]*(['"]?)([^'"\\s#]+)\\1[ \\t]*(?:#.*)?$`, 'm').exec(block);
  if (!line || line[2] === undefined) return undefined;
  const start = blockStart + line.index + line[0].indexOf(line[2]);
  return { value: line[2], start, end: start + line[2].length };
}

/**
 * Reads the one source: the spec package's version.
 * @param {string} root repository root.
 */
export function readSpecVersion(root) {
  return /** @type {string} */ (JSON.parse(readFileSync(repoLayout(root).specPackageJson, 'utf8')).version);
}

/**
 * Writes the spec package's version into spec/openapi.yaml's info.version.
 * @param {string} root repository root.
 * @returns {{ version: string, changed: string[] }} the version and the files that were rewritten.
 */
export function syncContractVersion(root) {
  const files = repoLayout(root);
  const version = readSpecVersion(root);
  /** @type {string[]} */
  const changed = [];
  const yaml = readFileSync(files.specSource, 'utf8');
  const found = findInfoVersion(yaml);
  if (!found) throw new Error(`${relative(root, files.specSource)} has no \`info.version\` line to write ${version} into.`);
  if (found.value !== version) {
    writeFileSync(files.specSource, yaml.slice(0, found.start) + version + yaml.slice(found.end));
    changed.push(relative(root, files.specSource));
  }
  return { version, changed };
}

/**
 * Lists every place where the contract's version disagrees with its one source, each with its fix.
 * @param {string} root repository root.
 * @returns {string[]} problems; empty when all agree.
 */
export function contractVersionProblems(root) {
  const files = repoLayout(root);
  const version = readSpecVersion(root);
  /** @type {string[]} */
  const problems = [];
  const found = findInfoVersion(readFileSync(files.specSource, 'utf8'));
  if (!found) problems.push(`${relative(root, files.specSource)} has no \`info.version\`; add \`version: ${version}\` under \`info:\`.`);
  else if (found.value !== version) {
    problems.push(
      `${relative(root, files.specSource)} says info.version ${found.value}, but spec/package.json says ${version}. The package version is the one source (changesets move it): run \`${SYNC_COMMAND}\` and commit.`,
    );
  }
  for (const [name, dir] of PUBLIC_PACKAGES) {
    const other = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).version;
    if (other !== version) {
      problems.push(
        `${name} is at ${other}, but @thumbnail-api/spec is at ${version}: the public packages are one fixed group in .changeset/config.json and share the contract's version. Let \`pnpm version-packages\` set versions; do not edit them by hand.`,
      );
    }
  }
  return problems;
}
