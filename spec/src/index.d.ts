// The ES module entry re-exports the CommonJS one (index.js), so it has the same declarations.
export { openapi, openapiJsonPath, openapiYamlPath } from './index.cjs';
