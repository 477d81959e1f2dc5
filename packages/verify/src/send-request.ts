// Sends one request and reads its answer, within a time limit, never retrying and never following a redirect (which
// could carry the key to another host). Every outcome is a value: an answer, or what happened instead.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A request to send, its headers as they go on the wire. */
export interface OutgoingRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | undefined;
}

export type SendOutcome =
  | {
      readonly kind: 'answered';
      readonly status: number;
      readonly headers: IncomingHttpHeaders;
      readonly body: Buffer;
      /** The body was longer than `maxBodyBytes`: only its start was read. */
      readonly truncated: boolean;
      readonly durationMs: number;
    }
  | {
      /** `timeout`: no whole answer in time. `reset`: the connection broke. `unreachable`: no connection. `stopped`: the run stopped. */
      readonly kind: 'timeout' | 'reset' | 'unreachable' | 'stopped';
      readonly message: string;
      readonly durationMs: number;
    };

export interface SendLimits {
  /** The whole exchange, from connecting to the last byte of the answer. */
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  /** Ends the exchange at once (the run stopped). */
  readonly signal: AbortSignal;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT']);

/** Sends `outgoing` once on a connection of its own; resolves with what came of it, never rejects. */
export function sendRequest(outgoing: OutgoingRequest, limits: SendLimits): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(outcome);
    };
    const fail = (kind: 'timeout' | 'reset' | 'unreachable' | 'stopped', message: string) => settle({ kind, message, durationMs: elapsed() });
    const send = outgoing.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = outgoing.body === undefined ? outgoing.headers : { ...outgoing.headers, 'content-length': String(outgoing.body.length) };
    // A connection of its own: a connection left by a time-out must never carry the next request.
    const request = send(outgoing.url, { method: outgoing.method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        const room = limits.maxBodyBytes - length;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          settle({
            kind: 'answered',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            truncated: true,
            durationMs: elapsed(),
          });
          return;
        }
        chunks.push(chunk);
        length += chunk.length;
      });
      response.on('end', () =>
        settle({
          kind: 'answered',
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          truncated: false,
          durationMs: elapsed(),
        }),
      );
      response.on('aborted', () => fail('reset', `The connection broke after the status line (${response.statusCode}), before the whole body.`));
      response.on('error', (error) => fail('reset', `The connection broke while the answer was read: ${error.message}`));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== undefined && UNREACHABLE.has(error.code)) fail('unreachable', `No connection to ${outgoing.url.host}: ${error.code}.`);
      else fail('reset', `The connection broke before an answer: ${error.code ?? error.message}.`);
    });
    const timer = setTimeout(() => fail('timeout', `No whole answer within ${limits.timeoutMs} ms.`), limits.timeoutMs);
    const onAbort = () => fail('stopped', 'The run stopped before the answer came.');
    if (limits.signal.aborted) return onAbort();
    limits.signal.addEventListener('abort', onAbort, { once: true });
    request.end(outgoing.body);
  }).catch((error: unknown) => ({ kind: 'unreachable', message: `The request could not be sent: ${(error as Error).message}`, durationMs: elapsed() }));
}
