// `thumbnail-api-mock propose` run on recordings, its overlay applied to the bundled contract as a user applies it
// (openapi-format), and Redocly's errors for the result: what the propose tests check of every overlay they make.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { parse } from 'yaml';
import { runCli } from './cli.js';

const require = createRequire(import.meta.url);
const { openapiOverlay } = require('openapi-format') as {
  openapiOverlay(document: unknown, options: { overlaySet: unknown }): Promise<{ data: Record<string, any>; resultData: { unusedActions: unknown[] } }>;
};
const contractPath = require.resolve('@thumbnail-api/spec/openapi.json');

/** The bundled contract with `overlay` applied; throws, naming them, if any of the overlay's actions matched nothing. */
export async function applyToContract(overlay: unknown): Promise<Record<string, any>> {
  const result = await openapiOverlay(JSON.parse(readFileSync(contractPath, 'utf8')), { overlaySet: overlay });
  const unused = result.resultData.unusedActions;
  if (unused.length > 0) throw new Error(`The overlay's actions that matched nothing in the contract: ${JSON.stringify(unused)}`);
  return result.data;
}

/** The messages of Redocly's errors for `document` under `rules`; `file` is the name the messages give it. */
export async function redoclyErrors(document: unknown, rules: Record<string, 'error'>, file: string): Promise<string[]> {
  const config = await createConfig({ rules });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: file, config });
  return problems.filter((problem) => problem.severity === 'error').map((problem) => problem.message);
}

/** What `propose <dir>` printed (its overlay as text and parsed, and its stderr), and the contract with the overlay applied. */
export async function proposeFrom(dir: string): Promise<{ text: string; overlay: any; stderr: string; applied: Record<string, any> }> {
  const run = runCli(['propose', dir]);
  const exit = await run.exited;
  if (exit.code !== 0) throw new Error(`propose ${dir} ended (${exit.code ?? exit.signal}):\n${run.stderr()}`);
  const overlay = parse(run.stdout());
  return { text: run.stdout(), overlay, stderr: run.stderr(), applied: await applyToContract(overlay) };
}
