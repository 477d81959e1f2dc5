// fast-check generators of the requests the differential campaign sends to the mock and to Prism alike: what a
// test suite sends (every auth form, Prefer choices, valid and invalid bodies) and what it gets wrong (unknown paths
// and methods, odd content types). Only requests after which Prism 5.14 still answers as before: what crashes it (an
// unparseable media type, a malformed escape in a form field name) or changes its later answers has no reference
// answer; the hostile-requests suite sends those.
import * as fc from 'fast-check';
import type { HttpRequestPlan, RequestBody } from './mock-request.js';
import { NEIGHBOUR_PATHS, REGISTRY } from './request-arbitraries.js';

const registryKeys = Object.keys(REGISTRY);
const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...registryKeys) }, fc.constantFrom('some-key', 'sk_test_123', 'FUZZ-KEY-OK'));
const randomCase = (name: string) =>
  fc.constantFrom(
    name,
    name.toUpperCase(),
    name.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => dash + c.toUpperCase()),
  );
const header = (name: string, value: fc.Arbitrary<string>) => fc.tuple(randomCase(name), value);

/** Every way a test suite sends (or fails to send) its key: the two documented forms, their near misses, both. */
const authForms: fc.Arbitrary<Array<[string, string]>> = fc.oneof(
  fc.constant<Array<[string, string]>>([]),
  key.chain((k) => fc.tuple(header('x-api-key', fc.constant(k)))),
  key.chain((k) => fc.tuple(header('authorization', fc.constant(`Bearer ${k}`)))),
  key.chain((k) => fc.tuple(header('authorization', fc.constantFrom(`bearer ${k}`, `BEARER ${k}`, `Basic ${Buffer.from(`${k}:`).toString('base64')}`, k)))),
  fc.tuple(header('x-api-key', fc.constantFrom('', ' ', '\t'))),
  fc.tuple(header('authorization', fc.constantFrom('Bearer', 'Bearer ', ''))),
  // Both headers: the same key, different keys, an empty x-api-key beside a bearer key.
  fc.tuple(key, key, fc.constantFrom('', 'Bearer ', 'bearer ')).map(
    ([a, b, scheme]): Array<[string, string]> => [
      ['x-api-key', a],
      ['authorization', `${scheme}${b}`],
    ],
  ),
  key.map(
    (k): Array<[string, string]> => [
      ['x-api-key', ''],
      ['authorization', `Bearer ${k}`],
    ],
  ),
);

const EXAMPLES = [
  'ListThumbnailsResponseExample',
  'CreateThumbnailResponseExample',
  'UnauthorizedResponseExample',
  'ForbiddenResponseExample',
  'UnexpectedErrorResponseExample',
  'CreateThumbnailRequestExample',
  'Nope',
];
const CODES = ['200', '201', '401', '403', '404', '418', '422', '500', 'abc', ''];
/** Prism's ways of choosing an answer: `Prefer` header values, alone and combined. */
const prefer = fc.oneof(
  fc.constantFrom(...CODES).map((code) => `code=${code}`),
  fc.constantFrom(...EXAMPLES).map((name) => `example=${name}`),
  fc.constantFrom('dynamic=true', 'dynamic=false'),
  fc.tuple(fc.constantFrom(...CODES), fc.constantFrom(...EXAMPLES)).map(([code, name]) => `code=${code}, example=${name}`),
  fc.constantFrom(...CODES).map((code) => `code=${code}, dynamic=true`),
  fc.constantFrom('respond-async', 'return=minimal', 'code=403,dynamic=true', 'example=ForbiddenResponseExample, code=403'),
);

/** Media types Prism can parse, the documented one and many it does not expect. */
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'application/problem+json',
  'application/vnd.api+json',
  'text/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'image/png',
  // Not multipart/form-data: one chunked POST of a non-multipart body under that type leaves Prism 5.14 answering
  // later requests differently (an invalid vnd.api+json body then gets 200), so Prism is no reference after it.
);
const accept = fc.constantFrom(
  'application/json',
  '*/*',
  'application/*',
  'text/html',
  'application/xml',
  'application/json;q=0',
  'text/plain, application/json;q=0.5',
  'application/problem+json',
);

const otherHeaders = fc
  .record({
    // Prefer and Accept may repeat (node joins the lines with ", ", for the mock and Prism alike).
    repeatable: fc.array(fc.oneof(header('prefer', prefer), header('accept', accept)), { maxLength: 2 }),
    // A browser's headers: one line each.
    origin: fc.option(header('origin', fc.constantFrom('http://app.example', 'https://evil.example', 'null')), { freq: 3 }),
    preflightMethod: fc.option(header('access-control-request-method', fc.constantFrom('GET', 'POST', 'PUT')), { freq: 4 }),
    preflightHeaders: fc.option(header('access-control-request-headers', fc.constantFrom('x-api-key', 'authorization, content-type', 'x-api-key,prefer')), {
      freq: 4,
    }),
    plain: fc.option(fc.constantFrom<[string, string]>(['user-agent', 'thumbnail-api-fuzz'], ['x-request-id', 'abc-123'], ['cache-control', 'no-cache']), {
      freq: 3,
    }),
  })
  .map(({ repeatable, origin, preflightMethod, preflightHeaders, plain }) => [
    ...repeatable,
    ...[origin, preflightMethod, preflightHeaders, plain].filter((line): line is [string, string] => line !== null),
  ]);

const target = fc.oneof(
  { weight: 14, arbitrary: fc.constant('/api/thumbnails') },
  // Prism's query fallbacks of Prefer, and queries the contract does not describe.
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.constantFrom(...CODES).map((code) => `__code=${code}`),
        fc.constantFrom(...EXAMPLES).map((name) => `__example=${name}`),
        fc.constantFrom('__dynamic=true', 'page=2', 'limit=10&offset=0', 'a=1&a=2', ''),
      )
      .map((query) => `/api/thumbnails?${query}`),
  },
  // Neighbours of the documented path, and paths the contract does not describe.
  {
    weight: 3,
    arbitrary: fc.constantFrom(...NEIGHBOUR_PATHS, '/api/thumbnails.json', '/api//thumbnails'),
  },
);

const encoder = new TextEncoder();
const bytes = (text: string, chunked = false): RequestBody => ({ kind: 'bytes', bytes: encoder.encode(text), chunked });
const prompt = fc.string({ maxLength: 60 });

/** Bodies: none, the documented shape, and every way of missing it. */
const body: fc.Arbitrary<RequestBody> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<RequestBody>({ kind: 'none' }) },
  { weight: 5, arbitrary: prompt.map((p) => bytes(JSON.stringify({ prompt: p }))) },
  // Extra fields are allowed by the contract (the object stays open).
  {
    weight: 2,
    arbitrary: fc
      .tuple(prompt, fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }))
      .map(([p, extra]) => bytes(JSON.stringify({ ...extra, prompt: p }))),
  },
  // Invalid: no prompt, a prompt that is no string, not an object.
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.constant({}),
        fc.record({ prompt: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 })) }),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map((v) => bytes(JSON.stringify(v))),
  },
  // Not JSON: truncated, text, a form body, empty.
  {
    weight: 3,
    arbitrary: fc
      .constantFrom('{"prompt":', '{"prompt": "a"', "{prompt: 'a'}", 'prompt=a', 'prompt=a&size=2', '', 'null', '[]', 'hello')
      .map((text) => bytes(text)),
  },
  // Chunked instead of a Content-Length.
  { weight: 1, arbitrary: prompt.map((p) => bytes(JSON.stringify({ prompt: p }), true)) },
);

const method = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 3, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE') },
  { weight: 1, arbitrary: fc.constantFrom('PROPFIND', 'PURGE') },
);

/** One request, as a test suite might send it. */
export const differentialRequest: fc.Arbitrary<HttpRequestPlan> = fc
  .record({ method, target, auth: authForms, contentType: fc.option(header('content-type', contentType), { freq: 4 }), other: otherHeaders, body })
  .map(({ method: m, target: t, auth, contentType: type, other, body: b }) => {
    const headers: Array<readonly [string, string]> = [...auth, ...(type ? [type] : []), ...other];
    // A form body reaches Prism's form parser, which throws on a malformed escape in a field name; none is generated.
    const safe: RequestBody = b.kind === 'bytes' && new TextDecoder().decode(b.bytes).includes('%') ? { kind: 'none' } : b;
    return { kind: 'http' as const, method: m, target: t, headers, body: safe };
  });
