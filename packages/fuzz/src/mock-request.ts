// One request to the mock, as data (fast-check generates it), sent over a real connection: through node:http
// for anything HTTP can carry, or as raw bytes for what it cannot (malformed or oversized requests).
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/** The body of a request. */
export type RequestBody =
  | { kind: 'none' }
  /** These bytes, with a Content-Length or chunked. */
  | { kind: 'bytes'; bytes: Uint8Array; chunked: boolean }
  /** A JSON object with a prompt of `size` characters, built only when sent. */
  | { kind: 'huge'; size: number };

/** A request HTTP can carry. */
export interface HttpRequestPlan {
  kind: 'http';
  method: string;
  /** Request target: a path and query, or the absolute and authority-like forms. */
  target: string;
  /** Header lines in order; a name may repeat. */
  headers: ReadonlyArray<readonly [string, string]>;
  body: RequestBody;
}

/** Bytes that are no valid request, or one node refuses (oversized headers). */
export interface RawRequestPlan {
  kind: 'raw';
  text: string;
}

export type MockRequest = HttpRequestPlan | RawRequestPlan;

/** What came back. */
export type MockAnswer =
  | { kind: 'response'; status: number; headers: IncomingHttpHeaders; body: Buffer }
  /** The connection closed or failed before a complete response: a fine answer to a malformed request. */
  | { kind: 'closed'; reason: string }
  | { kind: 'hung' };

/** The bytes of a body. */
export function bodyBytes(body: RequestBody): Buffer | undefined {
  if (body.kind === 'none') return undefined;
  if (body.kind === 'bytes') return Buffer.from(body.bytes);
  return Buffer.from(JSON.stringify({ prompt: 'x'.repeat(body.size) }));
}

/** Sends a request to `baseUrl` and waits at most `timeoutMs` for the whole answer. */
export function sendToMock(baseUrl: string, plan: MockRequest, timeoutMs: number): Promise<MockAnswer> {
  return plan.kind === 'http' ? sendHttp(baseUrl, plan, timeoutMs) : sendRaw(baseUrl, plan, timeoutMs);
}

function sendHttp(baseUrl: string, plan: HttpRequestPlan, timeoutMs: number): Promise<MockAnswer> {
  // A fresh connection per request (no agent): one request's trouble cannot leak into the next.
  return sendOverHttp(baseUrl, plan, timeoutMs, { agent: false, lengthForEmptyBody: false });
}

// The methods node sends without any body framing when no body is given.
const BODILESS_BY_DEFAULT = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/** How a request goes over node:http. */
export interface HttpSending {
  /** The pool whose kept-alive connections to use; `false`: a fresh connection, closed once the answer is read. */
  agent: Agent | false;
  /** Whether a POST (or another method node frames) without a body says `Content-Length: 0`, as fetch does, instead of node's empty chunked body. */
  lengthForEmptyBody: boolean;
}

/** Sends a request to `baseUrl` over node:http and waits at most `timeoutMs` for the whole answer. */
export function sendOverHttp(baseUrl: string, plan: HttpRequestPlan, timeoutMs: number, { agent, lengthForEmptyBody }: HttpSending): Promise<MockAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    // A raw header list keeps names as generated (case, order, repeats); node then adds no Host of its own.
    const headers = [['host', url.host] as const, ...plan.headers].flat();
    const body = bodyBytes(plan.body);
    if (body) {
      // Said explicitly: node frames a GET's body with neither by default, and the bytes would read as a next request.
      if (plan.body.kind === 'bytes' && plan.body.chunked) headers.push('transfer-encoding', 'chunked');
      else headers.push('content-length', String(body.length));
    } else if (lengthForEmptyBody && !BODILESS_BY_DEFAULT.has(plan.method)) {
      headers.push('content-length', '0');
    }
    let settled = false;
    const finish = (answer: MockAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A pooled connection whose answer was read in full is kept for the next request.
      if (answer.kind !== 'response' || agent === false) outgoing.destroy();
      resolve(answer);
    };
    const outgoing = httpRequest({ host: url.hostname, port: url.port, method: plan.method, path: plan.target, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => finish({ kind: 'response', status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.once('error', (error) => finish({ kind: 'closed', reason: error.message }));
    });
    const timer = setTimeout(() => finish({ kind: 'hung' }), timeoutMs);
    outgoing.once('error', (error) => finish({ kind: 'closed', reason: error.message }));
    outgoing.end(body);
  });
}

function sendRaw(baseUrl: string, plan: RawRequestPlan, timeoutMs: number): Promise<MockAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname);
    const finish = (answer: MockAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ kind: 'hung' }), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error) => finish({ kind: 'closed', reason: error.message }));
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      finish(
        status
          ? { kind: 'response', status: Number(status[1]), headers: {}, body: Buffer.from(text.slice(text.indexOf('\r\n\r\n') + 4), 'latin1') }
          : { kind: 'closed', reason: 'closed without a response' },
      );
    });
    // Half-close after writing: a server that keeps the connection open for more requests still answers this one.
    socket.end(plan.text, 'latin1');
  });
}
