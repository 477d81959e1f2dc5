// fast-check generators of hostile answers: any status, any headers, broken bodies, broken connections.
// `key` is the client's sentinel key: servers and proxies echo it back in bodies, headers and reason phrases.
import * as fc from 'fast-check';
import { type Delivery, type HttpAnswer, type Interim, NO_BODY_STATUSES, type RawAnswer, type ServerAnswer } from './server-answer.js';

/** What the generated answers may contain. */
export interface AnswerSpace {
  /** The client's key, echoed back by some answers. */
  key: string;
  /** Include answers that only the client's time limit can end (silence, stalled bodies, interim then nothing). */
  stalls: boolean;
  /** Largest generated body, in bytes. */
  maxBodyBytes: number;
}

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

// Statuses a client meets in practice (documented 200/401/403, proxies' 502/504, redirects), then anything node writes.
const COMMON_STATUSES = [200, 201, 202, 204, 205, 206, 301, 302, 303, 304, 307, 308, 400, 401, 403, 404, 405, 408, 409, 410, 413, 418, 422, 429, 451];
const SERVER_STATUSES = [500, 501, 502, 503, 504, 507, 520, 521, 522, 524, 599];

const status = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...COMMON_STATUSES) },
  { weight: 3, arbitrary: fc.constantFrom(...SERVER_STATUSES) },
  { weight: 3, arbitrary: fc.integer({ min: 200, max: 599 }) },
  // Node writes any three-digit status; fetch clients read up to 999.
  { weight: 1, arbitrary: fc.integer({ min: 600, max: 999 }) },
);

const visible = (min: number, max: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: min, maxLength: max });
// Header values node writes: tab, visible ASCII and latin-1 bytes.
const headerValue = fc.string({
  unit: fc.oneof(
    fc.constant('\t'),
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 120,
});
const tokenChars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const headerName = fc
  .string({ unit: fc.constantFrom(...tokenChars), minLength: 1, maxLength: 30 })
  // Framing is the generator's job (Content-Length / chunked), and node refuses some names outright.
  .filter((name) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'date'].includes(name.toLowerCase()));

const retryAfter = fc.oneof(
  fc.integer({ min: 0, max: 5 }).map(String),
  fc.constantFrom('0', '-1', '1.5', ' 2 ', '99999999999999999999', '1e3', 'soon', '', 'Infinity', 'NaN', '0x10', '\u00b9'),
  fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toUTCString()),
  fc.constantFrom(
    'Wed, 21 Oct 2015 07:28:00 GMT',
    'Fri, 31 Dec 9999 23:59:59 GMT',
    'Mon, 32 Foo 2020 99:99:99 GMT',
    'Tuesday',
    'Thu, 01 Jan 1970 00:00:00 GMT',
  ),
  headerValue,
);

const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/JSON;charset=UTF-16',
    'application/problem+json',
    'application/vnd.api+json',
    'text/html; charset=utf-8',
    'text/plain',
    'application/octet-stream',
    'image/png',
    'application/json; charset=latin1; boundary=x',
    'json',
    '',
    ';;;',
  ),
  headerValue,
  // Huge but within what fetch clients accept.
  fc.constant(`application/json; ${'x'.repeat(9000)}`),
);

function keyEchoes(key: string): fc.Arbitrary<string> {
  return fc.constantFrom(key, `Bearer ${key}`, `key=${key}; path=/`, `${encodeURIComponent(key)}`, `prefix-${key}-suffix`);
}

function headers(key: string): fc.Arbitrary<Array<readonly [string, string]>> {
  const header = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(headerName, headerValue) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('retry-after'), retryAfter) },
    { weight: 3, arbitrary: fc.tuple(fc.constant('content-type'), contentType) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x-request-id', 'request-id', 'x-correlation-id', 'cf-ray'), fc.oneof(visible(0, 40), keyEchoes(key))) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constant('location'),
        fc.oneof(fc.webUrl(), fc.constantFrom('/', '//evil.example/', `https://other.example/api?key=${key}`), visible(0, 60)),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x-echo', 'www-authenticate', 'set-cookie', 'x-api-key', 'authorization', 'link'), keyEchoes(key)) },
    // A header named after the key, as a debugging proxy that dumps request headers might.
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(key, `x-${key}`), headerValue) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('content-encoding'), fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'gzip, br', 'x-unknown')) },
  );
  return fc.oneof(
    { weight: 10, arbitrary: fc.array(header, { maxLength: 8 }) },
    // Headers too large for a fetch client: it must fail with a typed error, not hang or crash.
    { weight: 1, arbitrary: fc.array(header, { maxLength: 3 }).map((list) => [...list, ['x-filler', 'f'.repeat(40_000)] as const]) },
  );
}

/** JSON values with the key sprinkled in some strings. */
function jsonValue(key: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.constant(key) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(key, 'error', 'echo'), fc.constantFrom(key, 'x', 1)) },
  );
}

function body(space: AnswerSpace): fc.Arbitrary<Uint8Array> {
  const { key, maxBodyBytes } = space;
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => bytes(JSON.stringify(v)));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(new Uint8Array()) },
    // The documented error body, with any text.
    {
      weight: 4,
      arbitrary: json(
        fc.record({ success: fc.constant(false), error: fc.oneof(fc.constantFrom('Unauthorized', 'Forbidden', ''), visible(0, 50), keyEchoes(key)) }),
      ),
    },
    { weight: 4, arbitrary: json(fc.dictionary(fc.string({ maxLength: 12 }), jsonValue(key), { maxKeys: 6 })) },
    // JSON of another shape: array, string, number, null, boolean, an error field that is not a string.
    {
      weight: 2,
      arbitrary: json(
        fc.oneof(
          fc.array(jsonValue(key), { maxLength: 4 }),
          fc.string(),
          fc.double(),
          fc.constant(null),
          fc.boolean(),
          fc.record({ success: fc.boolean(), error: jsonValue(key) }),
        ),
      ),
    },
    // Truncated JSON.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.dictionary(fc.string({ maxLength: 8 }), jsonValue(key), { minKeys: 1, maxKeys: 5 }), fc.double({ min: 0, max: 0.99, noNaN: true }))
        .map(([value, cut]) => {
          const text = JSON.stringify(value);
          return bytes(text.slice(0, Math.floor(text.length * cut)));
        }),
    },
    // Deeply nested JSON: parsers cope, recursive code does not.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 50_000 }), fc.constantFrom('[', '{"a":'), fc.constantFrom('1', '"deep"', JSON.stringify(key)))
        .map(([depth, open, leaf]) => bytes(`${open.repeat(depth)}${leaf}${(open === '[' ? ']' : '}').repeat(depth)}`)),
    },
    // Large.
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 64 * 1024, max: Math.max(64 * 1024, maxBodyBytes) })
        .map((size) => bytes(JSON.stringify({ success: false, error: 'big', filler: 'x'.repeat(size) }))),
    },
    // Binary, including bytes that are not UTF-8.
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2048 }) },
    // A proxy's HTML page.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(visible(0, 40), keyEchoes(key)), fc.oneof(visible(0, 200), keyEchoes(key)))
        .map(([title, text]) => bytes(`<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`)),
    },
    // Plain text, maybe echoing the key.
    { weight: 2, arbitrary: fc.oneof(fc.string({ maxLength: 300 }), keyEchoes(key)).map(bytes) },
  );
}

function delivery(stalls: boolean): fc.Arbitrary<Delivery> {
  const cut = fc.record({
    kind: fc.constant('cut' as const),
    fraction: fc.double({ min: 0, max: 0.99, noNaN: true }),
    how: fc.constantFrom('end' as const, 'reset' as const),
  });
  const trickle = fc.record({
    kind: fc.constant('trickle' as const),
    chunkSize: fc.integer({ min: 1, max: 64 * 1024 }),
    delayMs: fc.integer({ min: 0, max: 15 }),
  });
  const options: Array<fc.WeightedArbitrary<Delivery>> = [
    { weight: 8, arbitrary: fc.constant({ kind: 'whole' as const }) },
    { weight: 2, arbitrary: trickle.map((t) => ({ ...t, chunkSize: Math.max(t.chunkSize, 64) })) },
    { weight: 2, arbitrary: cut },
  ];
  if (stalls)
    options.push({ weight: 2, arbitrary: fc.record({ kind: fc.constant('stall' as const), fraction: fc.double({ min: 0, max: 0.99, noNaN: true }) }) });
  // Only the client's size limit ends it (the default 10 MiB, or a call's own).
  options.push({ weight: 1, arbitrary: fc.constant({ kind: 'endless' as const }) });
  return fc.oneof(...options);
}

function httpAnswer(space: AnswerSpace): fc.Arbitrary<HttpAnswer> {
  return (
    fc
      .record({
        kind: fc.constant('response' as const),
        status,
        statusText: fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: headerValue },
          { weight: 1, arbitrary: keyEchoes(space.key) },
        ),
        headers: headers(space.key),
        body: body(space),
        length: fc.constantFrom<HttpAnswer['length']>('exact', 'exact', 'exact', 'chunked', 'chunked', 'overstated'),
        delivery: delivery(space.stalls),
        interim: fc.array(fc.constantFrom<Interim>('continue', 'processing', 'early-hints'), { maxLength: 2 }),
      })
      // An endless body is chunked (a Content-Length would end it), after a status that may carry one.
      .map((answer) =>
        answer.delivery.kind === 'endless'
          ? { ...answer, length: 'chunked' as const, status: NO_BODY_STATUSES.has(answer.status) ? 200 : answer.status }
          : answer,
      )
  );
}

function rawAnswer(stalls: boolean): fc.Arbitrary<RawAnswer> {
  const json = '{"success":false,"error":"raw"}';
  // `connection: close`, since the server closes after it: otherwise the client may send its next attempt on a
  // connection that is already closing, which is a different case (a dropped connection).
  const withStatus = (code: number, reason: string): string =>
    `HTTP/1.1 ${String(code).padStart(3, '0')} ${reason}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${json.length}\r\n\r\n${json}`;
  const options: Array<fc.Arbitrary<RawAnswer>> = [
    // Statuses node refuses to write: fetch rejects those below 200 and reads those up to 999.
    fc
      .tuple(fc.integer({ min: 0, max: 199 }), visible(0, 20))
      .map(([code, reason]) => ({ kind: 'raw' as const, text: withStatus(code, reason), parsedStatus: undefined, body: '', keepOpen: false })),
    fc
      .tuple(fc.integer({ min: 600, max: 999 }), visible(0, 20))
      .map(([code, reason]) => ({ kind: 'raw' as const, text: withStatus(code, reason), parsedStatus: code, body: json, keepOpen: false })),
    // HTTP/1.0 without a length: the body runs until the connection closes.
    fc
      .tuple(fc.constantFrom(200, 201, 400, 401, 403, 404), fc.oneof(fc.constant('{"ok":true}'), fc.constant(json), fc.constant('not json')))
      .map(([code, text]) => ({
        kind: 'raw' as const,
        text: `HTTP/1.0 ${code} X\r\ncontent-type: application/json\r\n\r\n${text}`,
        parsedStatus: code,
        body: text,
        keepOpen: false,
      })),
    // Not HTTP at all, or framing that contradicts itself.
    fc
      .oneof(
        visible(1, 200).filter((text) => !text.startsWith('HTTP/')),
        fc.constant(`HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}`),
        fc.constant('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n'),
      )
      .map((text) => ({ kind: 'raw' as const, text, parsedStatus: undefined, body: '', keepOpen: false })),
  ];
  // An interim response and then nothing: fetch waits for the final one, so only the time limit ends it.
  if (stalls)
    options.push(
      fc
        .constantFrom('HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 102 Processing\r\n\r\n', 'HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n')
        .map((text) => ({ kind: 'raw' as const, text, parsedStatus: undefined, body: '', keepOpen: true })),
    );
  return fc.oneof(...options);
}

/** One attempt's answer. */
export function serverAnswer(space: AnswerSpace): fc.Arbitrary<ServerAnswer> {
  const options: Array<fc.WeightedArbitrary<ServerAnswer>> = [
    { weight: 12, arbitrary: httpAnswer(space) },
    { weight: 2, arbitrary: rawAnswer(space.stalls) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), how: fc.constantFrom('end' as const, 'reset' as const) }) },
  ];
  if (space.stalls) options.push({ weight: 2, arbitrary: fc.constant({ kind: 'silence' as const }) });
  return fc.oneof(...options);
}

/** The answers to successive attempts (the last repeats). */
export function serverScript(space: AnswerSpace): fc.Arbitrary<ServerAnswer[]> {
  return fc.array(serverAnswer(space), { minLength: 1, maxLength: 4 });
}
