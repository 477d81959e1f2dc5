// ES module entry: the CommonJS module holds the contract, so `import` and `require` share one copy.
import contract from './index.cjs';

export const { openapi, openapiJsonPath, openapiYamlPath } = contract;
