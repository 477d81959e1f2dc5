#!/usr/bin/env node
// Writes the control surface's OpenAPI 3.1 document for the bundled contract into dist/control-openapi.json (exported as
// @thumbnail-api/mock/control-openapi.json): the same document GET /__mock/openapi.json serves, made by the same function
// from the route table. Runs after the build's tsc, from this package's folder.
import { writeFileSync } from 'node:fs';
import { loadContract } from '@thumbnail-api/spec';
import { controlDocument } from '../dist/control/control-document.js';

writeFileSync(new URL('../dist/control-openapi.json', import.meta.url), `${JSON.stringify(controlDocument(loadContract()), null, 2)}\n`);
