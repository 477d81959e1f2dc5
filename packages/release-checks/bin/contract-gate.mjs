#!/usr/bin/env node
// CLI of the breaking-change gate (part of `turbo run check`). Usage: contract-gate.mjs [repository root]
import { resolve } from 'node:path';
import { runContractGate } from '../src/breaking-change-gate.mjs';
import { repoRoot } from '../src/repo-layout.mjs';

const root = process.argv[2] ? resolve(process.argv[2]) : repoRoot;
try {
  const result = await runContractGate(root);
  (result.passed ? console.log : console.error)(result.message);
  process.exitCode = result.passed ? 0 : 1;
} catch (error) {
  console.error(`Breaking-change gate could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
