#!/usr/bin/env node
// Copies spec/package.json#version into spec/openapi.yaml's info.version.
// `pnpm version-packages` runs it after `changeset version`. Usage: sync-contract-version.mjs [root]
import { resolve } from 'node:path';
import { syncContractVersion } from '../src/contract-version.mjs';
import { repoRoot } from '../src/repo-layout.mjs';

const root = process.argv[2] ? resolve(process.argv[2]) : repoRoot;
const { version, changed } = syncContractVersion(root);
console.log(changed.length > 0 ? `Contract version ${version} written to ${changed.join(', ')}.` : `Contract version ${version}: already in sync.`);
