#!/usr/bin/env node
// Fails when the contract's version (spec/openapi.yaml info.version, the public packages' versions) drifted from
// its one source, spec/package.json#version. Part of `turbo run check`. Usage: check-contract-version.mjs [root]
import { resolve } from 'node:path';
import { contractVersionProblems, readSpecVersion } from '../src/contract-version.mjs';
import { repoRoot } from '../src/repo-layout.mjs';

const root = process.argv[2] ? resolve(process.argv[2]) : repoRoot;
const problems = contractVersionProblems(root);
if (problems.length > 0) {
  console.error(`Contract version check FAILED:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(`Contract version check passed: info.version and the public packages are all at ${readSpecVersion(root)}.`);
}
