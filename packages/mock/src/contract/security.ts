// Whether a request carries the credentials an operation's security asks for. Without a key registry the mock
// checks presence only, exactly as Prism does (any non-empty key header passes; `Bearer ` is case-sensitive). The
// schemes are read by the contract model (securitySchemeOf), as the API key's forms are.
import type { IncomingHttpHeaders } from 'node:http';
import { type ContractModel, type SecurityRequirement, securitySchemeOf } from '@thumbnail-api/spec/model';

/** True when the request satisfies one of the operation's requirements. */
export type CredentialCheck = (headers: IncomingHttpHeaders, query: string | undefined) => boolean;

type SchemeCheck = CredentialCheck;

/** Prism's test of a bearer token (also used for oauth2 and openIdConnect, which it cannot verify either). */
const bearer = /^Bearer\s.+$/;

/**
 * The check of `requirements`, `undefined` when the operation needs no credentials, or a string saying which
 * scheme the mock cannot check by itself (such operations are left to Prism).
 */
export function compileSecurity(model: ContractModel, requirements: readonly SecurityRequirement[]): CredentialCheck | undefined | string {
  if (requirements.length === 0) return undefined;
  const alternatives: SchemeCheck[][] = [];
  for (const requirement of requirements) {
    const checks: SchemeCheck[] = [];
    for (const name of Object.keys(requirement)) {
      const check = compileScheme(model, name);
      if (typeof check === 'string') return check;
      checks.push(check);
    }
    // An empty requirement ({}) makes credentials optional.
    if (checks.length === 0) return undefined;
    alternatives.push(checks);
  }
  if (alternatives.length === 1 && alternatives[0]!.length === 1) return alternatives[0]![0]!;
  // Loops, not some/every with arrow functions: this runs on every request.
  return (headers, query) => {
    for (const checks of alternatives) {
      let satisfied = true;
      for (const check of checks) satisfied &&= check(headers, query);
      if (satisfied) return true;
    }
    return false;
  };
}

function compileScheme(model: ContractModel, name: string): SchemeCheck | string {
  const scheme = securitySchemeOf(model, name);
  if (scheme === undefined) return `the security scheme ${name} is not defined`;
  if (scheme.type === 'apiKey') {
    const keyName = scheme.name;
    if (scheme.in === 'header') {
      const header = keyName.toLowerCase();
      return (headers) => Boolean(headers[header]);
    }
    if (scheme.in === 'query') return (_, query) => query !== undefined && Boolean(new URLSearchParams(query).get(keyName));
    const pattern = new RegExp(`${keyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=.+`);
    return (headers) => headers.cookie !== undefined && pattern.test(headers.cookie);
  }
  if ((scheme.type === 'http' && scheme.scheme === 'bearer') || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    return (headers) => headers.authorization !== undefined && bearer.test(headers.authorization);
  }
  if (scheme.type === 'http' && scheme.scheme === 'basic') return (headers) => isBasic(headers.authorization);
  const what = scheme.type === 'http' ? `http ${scheme.scheme}` : scheme.type === 'unknown' ? scheme.what : scheme.type;
  return `the security scheme ${name} (${what}) is checked by Prism`;
}

function isBasic(authorization: string | undefined): boolean {
  if (!authorization) return false;
  const [scheme = '', token] = authorization.split(' ');
  return scheme.toLowerCase() === 'basic' && Boolean(token) && Buffer.from(token!, 'base64').toString().split(':').length === 2;
}
