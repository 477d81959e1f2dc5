// The `Prefer` header (RFC 7240) as Prism reads it, with its query fallbacks (`?__code=403`), which are read only
// when the request has no Prefer header. Preferences the mock does not know are ignored, as the RFC asks.

/** What a request prefers; only `code`, `example` and `dynamic` choose an answer. */
export interface Preference {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
  readonly seed?: string;
}

/** A preference, or why a known preference cannot be read (`code=abc`, `dynamic=maybe`). */
export type PreferenceResult = { readonly preference: Preference } | { readonly malformed: string };

const none: PreferenceResult = { preference: {} };
const known = new Set(['code', 'example', 'dynamic', 'seed']);

/** Reads the request's preferences; `undefined` when it states none the mock knows. */
export function readPreference(prefer: string | undefined, query: string | undefined): PreferenceResult | undefined {
  const raw = prefer ? parsePreferHeader(prefer) : query?.includes('__') ? fromQuery(query) : undefined;
  if (raw === undefined || raw.size === 0) return undefined;
  const problems: string[] = [];
  const text = (key: string): string | undefined => {
    const value = raw.get(key);
    if (value === undefined || typeof value === 'string') return value;
    problems.push(`${key} must be given once, with a value`);
    return undefined;
  };
  const preference: { code?: number; example?: string; dynamic?: boolean; seed?: string } = {};
  const code = text('code');
  if (code !== undefined) {
    if (/^\d{3}$/.test(code)) preference.code = Number(code);
    else problems.push(`code must be a three-digit status, got ${JSON.stringify(code.slice(0, 40))}`);
  }
  const dynamic = text('dynamic');
  if (dynamic !== undefined) {
    if (dynamic === 'true' || dynamic === 'false') preference.dynamic = dynamic === 'true';
    else problems.push(`dynamic must be true or false, got ${JSON.stringify(dynamic.slice(0, 40))}`);
  }
  const example = text('example');
  if (example !== undefined) preference.example = example;
  const seed = text('seed');
  if (seed !== undefined) preference.seed = seed;
  if (problems.length > 0) return { malformed: problems.join('; ') };
  return preference.code === undefined && preference.example === undefined && preference.dynamic === undefined && preference.seed === undefined
    ? none
    : { preference };
}

/** Whether a preference chooses the answer (a status, an example, or a generated body). */
export function choosesAnswer(preference: Preference): boolean {
  return preference.code !== undefined || preference.example !== undefined || preference.dynamic === true;
}

/**
 * The known preferences of a Prefer header, as Prism's parser (parse-prefer-header) reads it: comma-separated
 * preferences, `;`-separated parameters, the first of a name wins, a name without a value is `true`, quotes dropped.
 */
function parsePreferHeader(header: string): Map<string, string | true> {
  const result = new Map<string, string | true>();
  for (const preference of splitOutsideQuotes(header, ',')) {
    const [first] = splitOutsideQuotes(preference, ';');
    if (first === undefined) continue;
    const at = first.indexOf('=');
    const name = normaliseName(at === -1 ? first : first.slice(0, at));
    let value = at === -1 ? '' : first.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (known.has(name) && !result.has(name)) result.set(name, value.length > 0 ? value : true);
  }
  return result;
}

/** A preference name as Prism's parser keys it (lower case, camel-cased): ` Code ` and `__code` are `code`. */
function normaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function fromQuery(query: string): Map<string, string | true> {
  const params = new URLSearchParams(query);
  const result = new Map<string, string | true>();
  for (const name of known) {
    const values = params.getAll(`__${name}`);
    // A repeated parameter is no single value: Prism refuses it too.
    if (values.length === 1) result.set(name, values[0]!);
    else if (values.length > 1) result.set(name, true);
  }
  return result;
}
