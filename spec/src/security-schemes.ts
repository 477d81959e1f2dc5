// The contract's security schemes, read once into a typed form: what every reader of credentials (the API key forms,
// a presence check such as Prism's) starts from, instead of walking `components/securitySchemes` by hand.
import type { ContractModel } from './contract-model.js';
import { isJsonObject } from './contract-walk.js';
import { escapeSegment } from './json-pointer.js';

/** One security scheme of the contract, as OpenAPI 3.1 describes it (the fields a request's credentials depend on). */
export type SecurityScheme =
  /** A key in a header, a query parameter or a cookie called `name` (as written in the contract). */
  | { readonly type: 'apiKey'; readonly in: 'header' | 'query' | 'cookie'; readonly name: string }
  /** HTTP authentication: `scheme` in lower case, e.g. `bearer` or `basic`. */
  | { readonly type: 'http'; readonly scheme: string }
  | { readonly type: 'oauth2' | 'openIdConnect' | 'mutualTLS' }
  /** A scheme this reader does not know (another type, or an apiKey/http scheme missing its fields): `what` describes it. */
  | { readonly type: 'unknown'; readonly what: string };

/**
 * The scheme called `name` in `components/securitySchemes` (`$ref`s followed), or `undefined` when the contract does
 * not define it.
 */
export function securitySchemeOf(model: ContractModel, name: string): SecurityScheme | undefined {
  const pointer = `/components/securitySchemes/${escapeSegment(name)}`;
  const scheme = model.resolve(model.get(pointer), pointer).value;
  if (!isJsonObject(scheme)) return undefined;
  const { type } = scheme;
  if (type === 'apiKey' && typeof scheme.name === 'string' && (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie')) {
    return { type, in: scheme.in, name: scheme.name };
  }
  if (type === 'http' && typeof scheme.scheme === 'string') return { type, scheme: scheme.scheme.toLowerCase() };
  if (type === 'oauth2' || type === 'openIdConnect' || type === 'mutualTLS') return { type };
  return { type: 'unknown', what: `${String(type)}${typeof scheme.scheme === 'string' ? ` ${scheme.scheme.toLowerCase()}` : ''}` };
}

/**
 * The names of the schemes the contract's security requirements use, each once, in the contract's order: the
 * document's `security` first (its order is the contract's preference), then those only operations name.
 */
export function usedSecuritySchemes(model: ContractModel): string[] {
  const names = new Set<string>();
  const add = (requirements: unknown) => {
    if (!Array.isArray(requirements)) return;
    for (const requirement of requirements) if (isJsonObject(requirement)) for (const name of Object.keys(requirement)) names.add(name);
  };
  add(model.document.security);
  for (const operation of model.operations) add(operation.object.security);
  return [...names];
}
