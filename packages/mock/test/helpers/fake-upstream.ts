// A stand-in for the real service: a real HTTP server on 127.0.0.1 that answers each scenario in a known way,
// some within the contract and some not, and records the exact requests it received.
import type { OutgoingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { type StandIn, startBufferedServer } from './http.js';

interface Answer {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

const json = (status: number, text: string, headers: OutgoingHttpHeaders = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(text),
});

/** What the fake service answers, by the `x-fake-scenario` request header. */
export const scenarios = {
  // Within the contract (odd whitespace and extra headers on purpose: they must reach the client as they are).
  'list-ok': json(200, '{ "items" : [ ] }\n', { 'x-request-id': 'req-1' }),
  'create-ok': json(200, '{"id": "thumb_1", "status": "queued"}'),
  'list-ok-gzip': { status: 200, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{"items": []}') },
  'unauthorized-ok': json(401, '{"success":false,"error":"Unauthorized"}'),
  'forbidden-ok': json(403, '{"success": false, "error": "Forbidden"}'),
  // Breaking the contract.
  'list-array': json(200, '[1, 2, 3]'),
  'unauthorized-other-shape': json(401, '{"message":"Invalid API key"}'),
  'teapot-not-error': json(418, '{"ok":true}'),
  'list-html': { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<p>thumbnails</p>') },
  // Prism does not check a 501 (it mocks instead): reported as unchecked.
  'not-implemented': json(501, '{"success":false,"error":"Not Implemented"}'),
} satisfies Record<string, Answer>;

export type Scenario = keyof typeof scenarios;

export type FakeUpstream = StandIn;

export function startFakeUpstream(): Promise<FakeUpstream> {
  return startBufferedServer((req, _, res) => {
    const scenario = scenarios[req.headers['x-fake-scenario'] as Scenario] ?? scenarios['list-ok'];
    res.writeHead(scenario.status, { ...scenario.headers, 'content-length': scenario.body.length });
    res.end(scenario.body);
  });
}
