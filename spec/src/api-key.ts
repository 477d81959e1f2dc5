// The ways a request can carry the API key, read from the contract's security schemes: the one reader of a request's key
// (the mock's registry, rules, journal, held requests and coverage) and the one writer of it (a probe of the service).
import type { ContractModel } from './contract-model.js';
import { securitySchemeOf, usedSecuritySchemes } from './security-schemes.js';

/** One way to send the API key, named after the scheme the contract defines it by (e.g. `ApiKeyHeader`). */
export type ApiKeyForm =
  /** In a header (`name` as the contract writes it, e.g. `x-api-key`). */
  | { readonly kind: 'header'; readonly name: string; readonly scheme: string }
  /** In a query parameter. */
  | { readonly kind: 'query'; readonly name: string; readonly scheme: string }
  /** In a cookie. */
  | { readonly kind: 'cookie'; readonly name: string; readonly scheme: string }
  /** As `Authorization: Bearer <key>` (written `Bearer` exactly, as Prism checks it: `bearer <key>` is no key). */
  | { readonly kind: 'bearer'; readonly scheme: string };

/** A request's headers as Node.js and the Fetch adapters hand them over: lower-case names. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The key a request carries and the form it came in. */
export interface PresentedKey {
  readonly key: string;
  readonly form: ApiKeyForm;
}

/** The contract's forms of the API key and the reader of a request's key. */
export interface ApiKeyForms {
  /** In the contract's order (its `security` first): the first is the preferred one. Empty when the contract takes no key. */
  readonly forms: readonly ApiKeyForm[];
  /** Header names (lower case) whose value is the key, e.g. `x-api-key`: a credential wherever it is shown. */
  readonly headerNames: ReadonlySet<string>;
  /** Query parameters whose value is the key. */
  readonly queryNames: ReadonlySet<string>;
  /**
   * The key a request carries (`query`: the query string without `?`): of the first form, in the contract's order, that
   * carries a non-empty one; `undefined` when none does.
   */
  read(headers: RequestHeaders, query?: string): PresentedKey | undefined;
}

const bearerPrefix = 'Bearer ';

/** The forms of the API key the contract's security schemes describe: apiKey schemes (header, query, cookie) and HTTP bearer. */
export function apiKeyFormsOf(model: ContractModel): ApiKeyForms {
  const forms: ApiKeyForm[] = [];
  for (const name of usedSecuritySchemes(model)) {
    const scheme = securitySchemeOf(model, name);
    if (scheme?.type === 'apiKey') forms.push({ kind: scheme.in, name: scheme.name, scheme: name });
    else if (scheme?.type === 'http' && scheme.scheme === 'bearer') forms.push({ kind: 'bearer', scheme: name });
  }
  const readers = forms.map((form) => ({ form, read: readerOf(form) }));
  return {
    forms,
    headerNames: new Set(forms.flatMap((form) => (form.kind === 'header' ? [form.name.toLowerCase()] : []))),
    queryNames: new Set(forms.flatMap((form) => (form.kind === 'query' ? [form.name] : []))),
    read(headers, query) {
      // A loop, not find(): this runs on every request.
      for (const reader of readers) {
        const key = reader.read(headers, query);
        if (key !== undefined) return { key, form: reader.form };
      }
      return undefined;
    },
  };
}

/** How a form is named to a person: `x-api-key`, `Authorization: Bearer`, `query parameter api_key`, `cookie session`. */
export function describeApiKeyForm(form: ApiKeyForm): string {
  switch (form.kind) {
    case 'header':
      return form.name;
    case 'bearer':
      return 'Authorization: Bearer';
    case 'query':
      return `query parameter ${form.name}`;
    case 'cookie':
      return `cookie ${form.name}`;
  }
}

/** An outgoing request, as fetch takes it. */
export interface OutgoingRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** `request` with `key` sent in `form` (the rest of it as it was; a cookie is added to those already set). */
export function withApiKey(form: ApiKeyForm, key: string, request: OutgoingRequest): OutgoingRequest {
  switch (form.kind) {
    case 'header':
      return { url: request.url, headers: { ...request.headers, [form.name]: key } };
    case 'bearer':
      return { url: request.url, headers: { ...request.headers, authorization: `${bearerPrefix}${key}` } };
    case 'query': {
      const url = new URL(request.url);
      url.searchParams.set(form.name, key);
      return { url: url.href, headers: request.headers };
    }
    case 'cookie': {
      const given = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'cookie');
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'cookie'));
      return { url: request.url, headers: { ...headers, cookie: `${given === undefined ? '' : `${given[1]}; `}${form.name}=${key}` } };
    }
  }
}

function readerOf(form: ApiKeyForm): (headers: RequestHeaders, query: string | undefined) => string | undefined {
  switch (form.kind) {
    case 'header': {
      const header = form.name.toLowerCase();
      return (headers) => {
        const value = headers[header];
        return typeof value === 'string' && value.length > 0 ? value : undefined;
      };
    }
    case 'bearer':
      return (headers) => {
        const value = headers.authorization;
        return typeof value === 'string' && value.startsWith(bearerPrefix) && value.length > bearerPrefix.length ? value.slice(bearerPrefix.length) : undefined;
      };
    case 'query':
      return (_, query) => {
        if (query === undefined || query === '') return undefined;
        return new URLSearchParams(query).get(form.name) || undefined;
      };
    case 'cookie':
      return (headers) => {
        const value = headers.cookie;
        if (typeof value !== 'string') return undefined;
        for (const pair of value.split(';')) {
          const at = pair.indexOf('=');
          if (at !== -1 && pair.slice(0, at).trim() === form.name) return pair.slice(at + 1).trim() || undefined;
        }
        return undefined;
      };
  }
}
