// The credentials a request carries, the API key read as the contract's security schemes describe it (its forms come
// from @thumbnail-api/spec's model), and how they are kept out of everything the mock shows or writes (the journal,
// the proxy's report, recordings).
import type { IncomingHttpHeaders } from 'node:http';
import { type ApiKeyForms, describeApiKeyForm } from '@thumbnail-api/spec/model';

/** What a removed value is replaced with. */
export const REDACTED = '[redacted]';

/**
 * The shortest secret replaced wherever else it appears: a shorter one (`cat`, `a`) would be replaced inside common
 * words (`application/json`) and paths. Where it is a credential, or the field redacted, it is removed whatever its length.
 */
export const MIN_REPLACED_LENGTH = 4;

/** Headers whose values are credentials whatever the contract says; the headers its API key travels in are added to them. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** Whether a header's values are credentials: one the contract's API key travels in (`forms`), Authorization, Cookie. */
export function isCredentialHeader(name: string, forms: ApiKeyForms): boolean {
  return CREDENTIAL_HEADERS.has(name) || forms.headerNames.has(name);
}

/** How a request sends the key, for messages: `x-api-key, or Authorization: Bearer <key>` (the contract's forms, in its order). */
export function howToSendKey(forms: ApiKeyForms): string {
  if (forms.forms.length === 0) return 'the contract describes no way to send one';
  return forms.forms.map((form) => (form.kind === 'bearer' ? `${describeApiKeyForm(form)} <key>` : describeApiKeyForm(form))).join(', or ');
}

/** Whether a key can travel in a header: not empty, no white space, no control characters. */
export function isUsableKey(key: string): boolean {
  if (key.length === 0 || /\s/.test(key)) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** How a key is shown: its last four characters when it is long enough that they say little, else nothing of it. */
export function keyHintOf(key: string): string {
  return key.length >= 12 ? `…${key.slice(-4)}` : REDACTED;
}

/** Replaces `key` by its hint wherever it appears in a text, when it is long enough to be looked for ({@link MIN_REPLACED_LENGTH}). */
export function keyRedactor(key: string | undefined): (text: string) => string {
  if (key === undefined || key.length < MIN_REPLACED_LENGTH) return (text) => text;
  const hint = keyHintOf(key);
  return (text) => text.split(key).join(hint);
}

/**
 * The credentials a request carries: the headers and query parameters (`query`, without `?`) the contract's API key
 * travels in (`forms`), its Authorization (whole and its token), its cookies; longest first.
 */
export function secretsOf(headers: IncomingHttpHeaders, forms?: ApiKeyForms, query?: string): string[] {
  const secrets: string[] = [];
  const add = (value: string | string[] | undefined) => {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      const trimmed = item.trim();
      if (trimmed !== '') secrets.push(trimmed);
    }
  };
  for (const name of forms?.headerNames ?? []) add(headers[name]);
  if (query && forms !== undefined && forms.queryNames.size > 0) {
    for (const [name, value] of new URLSearchParams(query)) if (forms.queryNames.has(name)) add(value);
  }
  add(headers.authorization);
  add(headers['proxy-authorization']);
  for (const value of [headers.authorization, headers['proxy-authorization']].flat()) {
    const token = value?.trim().split(/\s+/)[1];
    if (token) secrets.push(token);
  }
  for (const cookie of [headers.cookie ?? ''].flat().flatMap((line) => line.split(';'))) {
    const value = cookie.slice(cookie.indexOf('=') + 1).trim();
    if (value !== '') secrets.push(value);
  }
  // Longest first, so that a token inside its own "Bearer <token>" is removed whole.
  return [...new Set(secrets)].sort((a, b) => b.length - a.length);
}

/** `value` with every occurrence of every secret replaced (object keys too); strings without one are kept as they are. */
export function scrub<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const clean = (text: string) => secrets.reduce((result, secret) => result.split(secret).join(REDACTED), text);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return clean(node);
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) return Object.fromEntries(Object.entries(node).map(([name, item]) => [clean(name), walk(item)]));
    return node;
  };
  return walk(value) as T;
}
