// --log-requests: one line per request on stdout, as a container's log shows it (`docker logs`), read from Node's own
// HTTP diagnostics channel, so that no layer of the mock has to know about it. Query strings are left out: a
// control route's ?key= holds a whole key.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mockHeader } from '@thumbnail-api/spec/profile';
import { PROBE_HOST } from './run-health.js';

/** Node's channel for each request a node:http server starts answering. */
const REQUEST_START = 'http.server.request.start';

/** Headers whose value the line shows (why the mock answered as it did), each with the pattern that finds it in a head. */
const SHOWN = (['rule', 'simulated', 'error', 'recorded'] as const).map((label) => [new RegExp(`^${mockHeader(label)}: *(.*)$`, 'im'), label] as const);

/** Prints a line for each request to a server listening on `port` once its answer ends (or its connection does); returns the stop. */
export function logRequests(port: number, write: (line: string) => void): () => void {
  const onStart = (message: unknown) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    // Prism, loaded into this process for `Prefer: dynamic=true`, listens on a port of its own.
    // Health checks (every few seconds in a container) are no traffic of the tests.
    if (request.socket.localPort !== port || request.headers.host === PROBE_HOST) return;
    const started = performance.now();
    response.once('close', () => write(requestLine(request, response, performance.now() - started)));
  };
  subscribe(REQUEST_START, onStart);
  return () => unsubscribe(REQUEST_START, onStart);
}

/** `2026-11-29T10:00:00.000Z POST /api/thumbnails 201 2 ms rule=rule-1`; `-` for a request that got no answer. */
export function requestLine(request: IncomingMessage, response: ServerResponse, ms: number): string {
  const [path = '', query] = (request.url ?? '').split('?');
  const status = response.writableFinished ? String(response.statusCode) : '- (no answer: connection ended)';
  const parts = [new Date().toISOString(), request.method ?? '-', `${path}${query === undefined ? '' : '?…'}`, status, `${Math.round(ms)} ms`];
  const head = sentHead(response);
  for (const [pattern, label] of SHOWN) {
    const value = pattern.exec(head)?.[1]?.trim();
    if (value) parts.push(`${label}=${value}`);
  }
  return parts.join(' ');
}

/**
 * The head as sent: the mock writes its headers in one writeHead from a prepared list, which getHeader() does not see;
 * node:http keeps the head it sent in `_header` (there since Node's first versions), read here and nowhere else.
 */
function sentHead(response: ServerResponse): string {
  const head = (response as unknown as { _header?: unknown })._header;
  return typeof head === 'string' ? head : '';
}
