import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of the bundled contract as JSON. */
export const openapiJsonPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));
/** Absolute path of the bundled contract as YAML. */
export const openapiYamlPath = fileURLToPath(new URL('../dist/openapi.yaml', import.meta.url));
/** The bundled contract, parsed. */
export const openapi = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
