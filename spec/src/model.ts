// The contract model without the bundled file: works on any OpenAPI 3 document, in any runtime (no Node.js imports).

export {
  type ApiKeyForm,
  type ApiKeyForms,
  apiKeyFormsOf,
  describeApiKeyForm,
  type OutgoingRequest,
  type PresentedKey,
  type RequestHeaders,
  withApiKey,
} from './api-key.js';
export {
  ASSUMPTIONS_KEY,
  type AssumptionCheck,
  type ContractAssumption,
  ContractAssumptionError,
  collectAssumptions,
  readAssumptions,
  type StatusPattern,
  statusMatches,
} from './contract-assumptions.js';
export { type ContractLocation, contractLocation } from './contract-location.js';
export {
  type ContractModel,
  ContractModelError,
  type ContractModelOptions,
  type ContractOperation,
  createContractModel,
  type ExampleEntry,
  type Located,
  type MediaTypeEntry,
  type RequestBodyEntry,
  type ResponseEntry,
  type SecurityRequirement,
} from './contract-model.js';
export { isJsonObject, type JsonObject, walkContract } from './contract-walk.js';
export { HTTP_METHODS, type HttpMethod, isHttpMethod } from './http-methods.js';
export { escapeSegment, formatPointer, JsonPointerError, parsePointer, pointerToRef, refToPointer, unescapeSegment, valueAt } from './json-pointer.js';
export { type SecurityScheme, securitySchemeOf, usedSecuritySchemes } from './security-schemes.js';
