// The bundled contract: its files, the parsed document, and its model, read once; plus the model for any document.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ContractModel, createContractModel } from './contract-model.js';

export * from './model.js';

/** Absolute path of the bundled contract as JSON. */
export const openapiJsonPath: string = fileURLToPath(new URL('./openapi.json', import.meta.url));
/** Absolute path of the bundled contract as YAML. */
export const openapiYamlPath: string = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

/** The bundled OpenAPI 3.1 contract, parsed. Shared by every importer: treat it as read-only. */
export const openapi: {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly [key: string]: unknown };
  readonly paths: Readonly<Record<string, unknown>>;
  readonly components: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
} = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

let bundled: ContractModel | undefined;

/** The model of the bundled contract, built on first use and shared afterwards. */
export function loadContract(): ContractModel {
  bundled ??= createContractModel(openapi, { source: openapiJsonPath });
  return bundled;
}
