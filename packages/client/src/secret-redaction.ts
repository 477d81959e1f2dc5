// Keeps the API key out of everything the client says: error messages, bodies echoed by a server,
// causes from a custom fetch, and debug logs.

const REDACTED = '[redacted]';
// Headers whose values are credentials, whoever set them.
const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/**
 * The shortest key replaced wherever it appears. A shorter one (the mock's `mock`, `k`) is a word or part of words the
 * client quotes (`thumbnail-api-mock`, `key`), so it is replaced only where it stands as a credential. 8, not the mock's 4
 * (which keeps paths and media types whole): here whole sentences are quoted, and four-to-seven-letter words (`mock`,
 * `test`, `secret`) are the keys people give the mock. A key a service issues is far longer (our assumption: the service
 * documents no format).
 */
const MIN_REPLACED_LENGTH = 8;
// Where a short key stands as a credential: after a field named for one (`x-api-key: `, `"apiKey":"`, `token=`) or a
// `Bearer ` scheme, and followed by the end of that value. Bounded lengths: the look-behind runs at every position of a
// body of up to maxResponseBytes.
const AFTER_CREDENTIAL_NAME = String.raw`(?<=(?:(?:key|token|secret|password|authorization|credential)[\w-]{0,30}["']?\s{0,3}[:=]\s{0,3}["']?(?:bearer\s{1,3})?|bearer\s{1,3}))`;
const END_OF_VALUE = String.raw`(?![^\s"'&,;)\]}<>])`;

/** Replaces the key (raw, URL-encoded or lower-cased) in a text: everywhere, or for a short key where it is a credential. */
export type Redact = (text: string) => string;

/** A redaction function bound to one key. */
export function createRedact(secret: string): Redact {
  // Lower-cased too: fetch lower-cases header names, and a proxy may name a header after the key.
  const forms = [...new Set([secret, encodeURIComponent(secret), secret.toLowerCase()])];
  if (secret.length >= MIN_REPLACED_LENGTH) {
    return (text) => {
      let out = text;
      for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
      return out;
    };
  }
  const asCredential = new RegExp(`${AFTER_CREDENTIAL_NAME}(?:${forms.map(escapeRegExp).join('|')})${END_OF_VALUE}`, 'gi');
  // A text that is the key and nothing else (a header's value, a JSON string) is the credential itself.
  return (text) => (forms.includes(text) ? REDACTED : text.replace(asCredential, REDACTED));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Deeper than any real error body; a hostile one nested thousands deep overflows the stack of recursive code
// (this function, JSON.stringify of the error, loggers), so what lies below is replaced.
const MAX_BODY_DEPTH = 64;
const TOO_DEEP = '[nested too deep]';

/** Redacts the key in every string of a parsed JSON value (keys included); values nested deeper than 64 levels are cut off. */
export function redactValue(value: unknown, redact: Redact, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_BODY_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key), redactValue(item, redact, depth + 1)]));
}

/** A copy of headers with the key redacted from every name and value (a server could echo it back). */
export function redactHeaders(headers: Headers, redact: Redact): Headers {
  const copy = new Headers();
  // Names too, as `redacted`: "[redacted]" is not a valid header name.
  headers.forEach((value, name) => copy.append(redact(name).split(REDACTED).join('redacted'), redact(value)));
  return copy;
}

const utf8 = new TextDecoder();

/**
 * The reason phrase, headers and body of an answer with the key redacted, for an answer that is not a success:
 * `client.raw` hands its body on as `error`, and callers log those. (A success's data is the server's, left as sent.)
 */
export function redactedAnswer(response: Response, bytes: Uint8Array<ArrayBuffer> | null, redact: Redact) {
  const text = bytes && utf8.decode(bytes);
  // Re-encoded only when the key was there: a body that is not UTF-8 would not survive the round trip.
  const body = text === null || redact(text) === text ? bytes : new TextEncoder().encode(redact(text));
  return { statusText: redact(response.statusText), headers: redactHeaders(response.headers, redact), body };
}

/** Describes headers for a log line: credential values masked, the key redacted anywhere else. */
export function describeHeaders(headers: Headers, redact: Redact): string {
  const parts: string[] = [];
  headers.forEach((value, name) => parts.push(`${name}: ${SECRET_HEADERS.has(name) ? '***' : redact(value)}`));
  return parts.join(', ');
}

// Properties of network errors worth keeping (Node's system errors, undici's errors).
const CAUSE_FIELDS = ['code', 'errno', 'syscall', 'address', 'port'] as const;

/**
 * A copy of an error cause that can be logged safely: name, message, stack, system-error fields and nested
 * causes, with the key redacted. Anything else (a Request, headers, sockets) is dropped, because a custom
 * fetch may attach objects that hold the key.
 */
export function safeCause(cause: unknown, redact: Redact, depth = 0): unknown {
  if (typeof cause === 'string') return redact(cause);
  if (!(cause instanceof Error) || depth > 4) return undefined;
  const nested = safeCause(cause.cause, redact, depth + 1);
  const copy = new Error(redact(cause.message), nested === undefined ? undefined : { cause: nested });
  copy.name = redact(cause.name);
  copy.stack = redact(cause.stack ?? '');
  for (const field of CAUSE_FIELDS) {
    const value: unknown = (cause as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') Object.assign(copy, { [field]: redact(value) });
    else if (typeof value === 'number') Object.assign(copy, { [field]: value });
  }
  return copy;
}
