// Stand-ins for the real service, for `verify`'s tests: real HTTP servers on 127.0.0.1 whose answer to each request is
// a function of what it carries (which key, which body), counting every request they receive, POSTs above all.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';

/** The key the tests give verify: a sentinel that must never show in any output. */
export const KEY = 'sentinel-key-7f3a9c1e-never-print-me';
/** The key without access. */
export const FORBIDDEN_KEY = 'sentinel-forbidden-key-4b2d8e6f-never-print-me';

/** A request as the stand-in read it. */
export interface StandInRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Which key it carries: the good one (in either header or both), the forbidden one, another, or none. */
  readonly key: 'good' | 'forbidden' | 'other' | 'none';
  /** In the apiKey header (`x-api-key`, or the stand-in's `keyHeader`), as Bearer, or both, when the good key came. */
  readonly scheme: 'x-api-key' | 'bearer' | 'both' | undefined;
  /** The body parsed as JSON (`undefined` when it is not JSON). */
  readonly json: unknown;
  /** When it arrived (Date.now()). */
  readonly at: number;
}

/** An answer, or a fault: `hang` never answers, `reset` breaks the connection. */
export type StandInAnswer =
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown; readonly text?: string; readonly delayMs?: number }
  | { readonly fault: 'hang' | 'reset' };

export interface VerifyStandIn extends LoopbackServer {
  readonly received: StandInRequest[];
  /** POSTs received. */
  posts(): number;
}

/** `keyHeader`: the header the contract's apiKey scheme names (the bundled contract's is `x-api-key`). */
export async function startVerifyStandIn(
  answer: (request: StandInRequest, index: number) => StandInAnswer,
  { keyHeader = 'x-api-key' }: { keyHeader?: string } = {},
): Promise<VerifyStandIn> {
  const received: StandInRequest[] = [];
  const hung: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const request = readRequest(req.method ?? '', req.url ?? '', req.headers, body, keyHeader);
      received.push(request);
      const reply = answer(request, received.length - 1);
      if ('fault' in reply) {
        if (reply.fault === 'reset') req.socket.resetAndDestroy();
        else hung.push(res);
        return;
      }
      const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      const type = reply.text === undefined && reply.body !== undefined ? { 'content-type': 'application/json' } : {};
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { ...type, ...reply.headers, 'content-length': Buffer.byteLength(text) });
        res.end(text);
      };
      if (reply.delayMs === undefined) return send();
      hung.push(res);
      setTimeout(send, reply.delayMs).unref();
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    ...listening,
    received,
    posts: () => received.filter((request) => request.method === 'POST').length,
    close: () => {
      for (const res of hung) res.destroy();
      return listening.close();
    },
  };
}

function readRequest(method: string, path: string, headers: IncomingHttpHeaders, body: Buffer, keyHeader: string): StandInRequest {
  const apiKey = headers[keyHeader];
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  const sent = [apiKey, bearer].filter((key) => key !== undefined);
  const key = sent.length === 0 ? 'none' : sent.every((value) => value === KEY) ? 'good' : sent.includes(FORBIDDEN_KEY) ? 'forbidden' : 'other';
  const scheme = key !== 'good' ? undefined : apiKey !== undefined && bearer !== undefined ? 'both' : apiKey !== undefined ? 'x-api-key' : 'bearer';
  let json: unknown;
  try {
    json = /json/.test(headers['content-type'] ?? '') ? JSON.parse(body.toString('utf8')) : undefined;
  } catch {
    json = undefined;
  }
  return { method, path, headers, body, key, scheme, json, at: Date.now() };
}

const error = (status: number, text: string): StandInAnswer => ({ status, body: { success: false, error: text } });

/** The service as the contract and its assumptions describe it: no finding to report. */
export function faithful(request: StandInRequest): StandInAnswer {
  if (request.key === 'none' || request.key === 'other') return error(401, 'Unauthorized');
  if (request.key === 'forbidden') return error(403, 'Forbidden');
  if (request.method === 'GET') return { status: 200, body: {} };
  if (!/^application\/json/.test(request.headers['content-type'] ?? '')) return error(415, 'Unsupported Media Type');
  if (request.json === undefined) return error(400, 'Invalid JSON');
  const prompt = (request.json as { prompt?: unknown }).prompt;
  if (typeof prompt !== 'string') return error(422, 'prompt must be a string');
  return { status: 200, body: {} };
}
