// Bundles openapi.yaml into dist/openapi.yaml and dist/openapi.json with Redocly's library, the engine of
// `redocly bundle`: same result, one process, and none of the CLI's start-up banners (its Node 20 box).
import { mkdirSync, writeFileSync } from 'node:fs';
import { bundle, formatProblems, getTotals, loadConfig, stringifyYaml } from '@redocly/openapi-core';

const spec = (/** @type {string} */ path) => new URL(`../${path}`, import.meta.url).pathname;
/** The order `redocly bundle` writes an OpenAPI 3 document's top-level keys in; the rest follow as found. */
const TOP_LEVEL_ORDER = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'security',
  'tags',
  'externalDocs',
  'paths',
  'webhooks',
  'x-webhooks',
  'components',
];

const config = await loadConfig({ configPath: spec('redocly.yaml') });
const { bundle: document, problems } = await bundle({ ref: spec('openapi.yaml'), config });
const totals = getTotals(problems);
if (totals.errors > 0) {
  formatProblems(problems, { format: 'codeframe', totals, command: 'bundle' });
  console.error('spec/openapi.yaml could not be bundled: fix the errors above (a $ref to a missing file or pointer, or invalid YAML).');
  process.exit(1);
}

const contract = /** @type {Record<string, unknown>} */ (document.parsed);
const ordered = Object.assign(Object.fromEntries(TOP_LEVEL_ORDER.filter((key) => key in contract).map((key) => [key, contract[key]])), contract);
mkdirSync(spec('dist'), { recursive: true });
writeFileSync(spec('dist/openapi.yaml'), stringifyYaml(ordered, { noRefs: true, lineWidth: -1 }));
writeFileSync(spec('dist/openapi.json'), JSON.stringify(ordered, null, 2));
console.log('Bundled spec/openapi.yaml into spec/dist/openapi.yaml and spec/dist/openapi.json.');
