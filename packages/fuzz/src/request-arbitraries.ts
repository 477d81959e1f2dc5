// fast-check generators of hostile requests to the mock: any method, path and header, every way of sending
// (or garbling) the API key, bodies that are huge, invalid or of the wrong type.
import * as fc from 'fast-check';
import type { HttpRequestPlan, MockRequest, RawRequestPlan, RequestBody } from './mock-request.js';

/** The keys of the registry the fuzzed mock is started with. */
export const REGISTRY = { 'fuzz-key-ok': 'ok', 'fuzz-key-revoked': 'unauthorized', 'fuzz-key-forbidden': 'forbidden' } as const;

/** Neighbours of the documented path, and paths the contract does not describe: the ones both campaigns send. */
export const NEIGHBOUR_PATHS = ['/api/thumbnails/', '/api/thumbnails/123', '/API/thumbnails', '/api/Thumbnails', '/api/persons', '/api/templates', '/', '/api'];

/** What the requests may point at besides the mock. */
export interface RequestSpace {
  /** Origin of a canary server that no request to the mock may ever reach (`http://127.0.0.1:<port>`). */
  canary: string;
  /** Largest body, in bytes. */
  maxBodyBytes: number;
}

const visible = (min: number, max: number) =>
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: min, maxLength: max });
// Header values node sends: tab, space, visible ASCII and latin-1 bytes.
const headerValue = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\t', ' '),
    fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 80,
});
const tokenChars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const token = (max: number) => fc.string({ unit: fc.constantFrom(...tokenChars), minLength: 1, maxLength: max });
const randomCase = (name: string) =>
  fc.constantFrom(
    name,
    name.toUpperCase(),
    name.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => dash + c.toUpperCase()),
  );

const keys = Object.keys(REGISTRY);
const apiKey = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...keys) },
  // Empty, whitespace only, padded (HTTP drops the padding), a registry key's neighbours, unknown, long.
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\t',
      '   ',
      ...keys.map((key) => ` ${key} `),
      ...keys.map((key) => `\t${key}`),
      'fuzz-key-ok2',
      'FUZZ-KEY-OK',
      'fuzz-key',
      'null',
      'undefined',
    ),
  },
  { weight: 2, arbitrary: visible(1, 40) },
  { weight: 1, arbitrary: fc.constant('k'.repeat(4000)) },
);

const authorization = fc.oneof(
  apiKey.map((key) => `Bearer ${key}`),
  apiKey.map((key) => `bearer ${key}`),
  apiKey.map((key) => `BEARER ${key}`),
  apiKey.map((key) => `Bearer  ${key}`),
  apiKey.map((key) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`),
  apiKey,
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer\t', ''),
);

const authHeaders = fc.array(fc.oneof(fc.tuple(randomCase('x-api-key'), apiKey), fc.tuple(randomCase('authorization'), authorization)), { maxLength: 3 });

const PREFER = [
  'code=200',
  'code=401',
  'code=403',
  'code=404',
  'code=422',
  'code=500',
  'code=999',
  'code=abc',
  'example=Nope',
  'example=ListThumbnailsResponseExample',
  'dynamic=true',
  'code=200, dynamic=true',
  '',
];
const otherHeaders = fc.array(
  fc.oneof(
    fc.tuple(
      randomCase('content-type'),
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/problem+json',
        '',
        'json',
        '*/*',
      ),
    ),
    fc.tuple(
      randomCase('accept'),
      fc.constantFrom('application/json', '*/*', 'text/html', 'application/xml', 'image/png', 'application/json;q=0', '', 'nonsense'),
    ),
    fc.tuple(randomCase('prefer'), fc.oneof(fc.constantFrom(...PREFER), headerValue)),
    fc.tuple(
      fc.constantFrom('content-encoding', 'accept-encoding', 'expect', 'origin', 'access-control-request-headers', 'x-forwarded-host', 'cookie'),
      fc.oneof(fc.constantFrom('gzip', 'br', 'identity', '100-continue', 'https://evil.example'), headerValue),
    ),
    fc
      .tuple(token(30), headerValue)
      .filter(([name]) => !['content-length', 'transfer-encoding', 'host', 'connection', 'upgrade', 'expect', 'te', 'trailer'].includes(name.toLowerCase())),
  ),
  { maxLength: 6 },
);

const target = (space: RequestSpace) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant('/api/thumbnails') },
    // Prism's query fallbacks and queries of any kind.
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          fc.constantFrom('?__code=200', '?__code=401', '?__code=500', '?__example=Nope', '?__dynamic=true', '?', '?a', '?a=1&a=2', '?prompt=%00', '?%zz'),
          fc.webQueryParameters().map((q) => `?${q}`),
        )
        .map((query) => `/api/thumbnails${query}`),
    },
    // Neighbours of the documented path, and paths the contract does not describe.
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ...NEIGHBOUR_PATHS,
        '/api/%74humbnails',
        '/api/thumbnails%2F',
        '/api/./thumbnails',
        '/api/../api/thumbnails',
        '/api/x/../thumbnails',
        '*',
        '/api/thumbnails;x=1',
        `/${'a'.repeat(6000)}`,
      ),
    },
    // Request targets that name another host: the mock must never send anything there.
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `${space.canary}/api/thumbnails`,
        `${space.canary}/`,
        `//${new URL(space.canary).host}/api/thumbnails`,
        `${space.canary.replace('http:', 'https:')}/api/thumbnails`,
      ),
    },
    { weight: 1, arbitrary: fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)) },
  );

const encoder = new TextEncoder();
const json = (value: fc.Arbitrary<unknown>) => value.map((v) => ({ kind: 'bytes' as const, bytes: encoder.encode(JSON.stringify(v)), chunked: false }));

function body(space: RequestSpace): fc.Arbitrary<RequestBody> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 4, arbitrary: json(fc.record({ prompt: fc.string({ maxLength: 200 }) })) },
    // Other shapes: no prompt, a prompt that is no string, extra fields, not an object.
    {
      weight: 3,
      arbitrary: json(
        fc.oneof(
          fc.constant({}),
          fc.record({ prompt: fc.jsonValue({ maxDepth: 2 }) }),
          fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
          fc.jsonValue({ maxDepth: 3 }),
        ),
      ),
    },
    // Not JSON: truncated, binary, form-encoded, empty.
    {
      weight: 3,
      arbitrary: fc
        .oneof(fc.constantFrom('{"prompt":', '{"prompt": "a"', '{prompt: "a"}', 'prompt=a', '', '\u0000', 'null', '[]'), fc.string({ maxLength: 100 }))
        .map((text) => ({ kind: 'bytes' as const, bytes: encoder.encode(text), chunked: false })),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ kind: 'bytes' as const, bytes, chunked: false })) },
    // Chunked, without a Content-Length.
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 200 })
        .map((text) => ({ kind: 'bytes' as const, bytes: encoder.encode(JSON.stringify({ prompt: text })), chunked: true })),
    },
    // Huge.
    { weight: 1, arbitrary: fc.integer({ min: 256 * 1024, max: Math.max(256 * 1024, space.maxBodyBytes) }).map((size) => ({ kind: 'huge' as const, size })) },
  );
}

const method = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 3, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE') },
  // Methods a server may not know, and lower case (methods are case-sensitive).
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('get', 'post', 'PROPFIND', 'PURGE', 'SEARCH', 'CONNECT'), token(12)) },
);

function httpRequestPlan(space: RequestSpace): fc.Arbitrary<HttpRequestPlan> {
  return fc
    .record({ method, target: target(space), auth: authHeaders, other: otherHeaders, body: body(space), shuffle: fc.boolean() })
    .map(({ method: m, target: t, auth, other, body: b, shuffle }) => ({
      kind: 'http' as const,
      method: m,
      // CONNECT takes an authority, not a path: node would refuse to send anything else.
      target: m === 'CONNECT' ? new URL(space.canary).host : t,
      headers: shuffle ? [...other, ...auth] : [...auth, ...other],
      body: b,
    }));
}

const rawRequest: fc.Arbitrary<RawRequestPlan> = fc
  .oneof(
    // Headers larger than node accepts.
    fc.constant(`GET /api/thumbnails HTTP/1.1\r\nhost: localhost\r\nx-api-key: fuzz-key-ok\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`),
    // No Host, an HTTP/1.0 request, a bare LF, a bad version.
    fc.constantFrom(
      'GET /api/thumbnails HTTP/1.1\r\nx-api-key: fuzz-key-ok\r\n\r\n',
      'GET /api/thumbnails HTTP/1.0\r\nx-api-key: fuzz-key-ok\r\n\r\n',
      'GET /api/thumbnails HTTP/1.1\nhost: localhost\nx-api-key: fuzz-key-ok\n\n',
      'GET /api/thumbnails HTTP/9.9\r\nhost: localhost\r\n\r\n',
      'GET /api/thumbnails\r\n\r\n',
    ),
    // Framing that contradicts itself (request smuggling), and a body cut short by the client.
    fc.constantFrom(
      'POST /api/thumbnails HTTP/1.1\r\nhost: localhost\r\nx-api-key: fuzz-key-ok\r\ncontent-type: application/json\r\ncontent-length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /api/thumbnails HTTP/1.1\r\nhost: localhost\r\nx-api-key: fuzz-key-ok\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"prompt":"a"}',
      'POST /api/thumbnails HTTP/1.1\r\nhost: localhost\r\nx-api-key: fuzz-key-ok\r\ncontent-length: 1\r\ncontent-length: 2\r\n\r\n{}',
    ),
    // Two requests in one write (pipelining).
    fc.constant(
      'GET /api/thumbnails HTTP/1.1\r\nhost: localhost\r\nx-api-key: fuzz-key-ok\r\n\r\nGET /api/thumbnails HTTP/1.1\r\nhost: localhost\r\nx-api-key: fuzz-key-revoked\r\n\r\n',
    ),
    // Not HTTP.
    visible(1, 200).map((text) => `${text}\r\n\r\n`),
  )
  .map((text) => ({ kind: 'raw' as const, text }));

/** One request: mostly well-formed HTTP with hostile content, sometimes malformed bytes. */
export function mockRequest(space: RequestSpace): fc.Arbitrary<MockRequest> {
  return fc.oneof({ weight: 15, arbitrary: httpRequestPlan(space) }, { weight: 1, arbitrary: rawRequest });
}
