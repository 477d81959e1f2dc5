// The contract for CommonJS and for ES modules alike (index.js re-exports this module), so a process that
// loads both gets one parsed contract.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** Absolute path of the bundled contract as JSON. */
const openapiJsonPath = join(__dirname, '..', 'dist', 'openapi.json');
/** Absolute path of the bundled contract as YAML. */
const openapiYamlPath = join(__dirname, '..', 'dist', 'openapi.yaml');
/** The bundled contract, parsed. */
const openapi = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

module.exports = { openapi, openapiJsonPath, openapiYamlPath };
