// The contract check of one exchange the proxy forwarded: the request and the upstream's response read as Prism's
// HTTP server and forwarder read them, then judged by Prism's validators (prism-validators.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ContractModel } from '@thumbnail-api/spec/model';
import { isJsonMediaType } from '../http/media-type.js';
import { queryValues, targetOn } from '../http/request-target.js';
import { type BufferedResponse, messageHeaders } from '../node/http-client.js';
import type { PrismFinding, PrismRequest, PrismResponse, PrismValidators } from '../prism/prism-validators.js';
import type { ContractFinding } from './proxied-exchange.js';

/** An exchange to check: the request as the client sent it, and the upstream's answer (`undefined`: unreachable). */
export interface ExchangeToCheck {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer | undefined;
  readonly response: BufferedResponse | undefined;
}

export interface ContractCheck {
  /** The documented operation's name, and the findings (request first, then response). */
  check(exchange: ExchangeToCheck): { operation: string | undefined; findings: ContractFinding[] };
}

export function createContractCheck(model: ContractModel, prism: PrismValidators): ContractCheck {
  return {
    check(exchange) {
      const path = exchange.url.split('?')[0] ?? exchange.url;
      const request = prismRequest(exchange);
      const documented = model.findOperation(exchange.method, request.prism.url.path);
      const operation = documented === undefined ? undefined : (documented.operationId ?? `${documented.method.toUpperCase()} ${documented.path}`);
      if (documented === undefined) {
        return {
          operation,
          findings: [{ kind: 'undocumented', location: 'request', message: `The contract does not describe ${exchange.method} ${path}; nothing was checked.` }],
        };
      }
      const routed = prism.route(request.prism);
      // The contract model routes it and Prism does not (they read some paths differently): said, rather than passed.
      if (routed === undefined) {
        return {
          operation,
          findings: [{ kind: 'unchecked', location: 'request', message: `Prism routes ${exchange.method} ${path} to no operation; it was not checked.` }],
        };
      }
      const findings: PrismFinding[] = [];
      const failed: ContractFinding[] = [];
      // Prism's validators throw on some input they cannot parse (a media type, a form field's escape): unchecked, never a crash.
      try {
        findings.push(...withoutBodyFindings(prism.checkRequest(routed, request.prism), 'request', request.notJson));
      } catch (error) {
        failed.push({ kind: 'unchecked', location: 'request', message: `Prism could not check the request: ${(error as Error).message}` });
      }
      if (request.notJson) findings.push({ location: 'request.body', message: 'The request body is not valid JSON; the contract documents JSON bodies.' });
      if (exchange.response === undefined) return { operation, findings: [...findings.map(violation), ...failed] };
      const response = prismResponse(exchange.method, exchange.response);
      if ('unreadable' in response) {
        failed.push({ kind: 'unchecked', location: 'response', message: response.unreadable });
      } else {
        try {
          findings.push(...withoutBodyFindings(prism.checkResponse(routed, response), 'response', response.notJson));
          if (response.notJson)
            findings.push({ location: 'response.body', message: 'The response body is not valid JSON, though its Content-Type says JSON.' });
        } catch (error) {
          failed.push({ kind: 'unchecked', location: 'response', message: `Prism could not check the response: ${(error as Error).message}` });
        }
      }
      return { operation, findings: [...findings.map(violation), ...failed] };
    },
  };
}

const placeholder = new URL('http://proxy.invalid');

const violation = (finding: PrismFinding): ContractFinding => ({ kind: 'violation', ...finding });

/** A body that is not the JSON its Content-Type says gets one finding of its own, not Prism's schema findings about its text. */
function withoutBodyFindings(findings: PrismFinding[], side: 'request' | 'response', notJson: boolean): PrismFinding[] {
  return notJson ? findings.filter((finding) => finding.location !== `${side}.body` && !finding.location.startsWith(`${side}.body.`)) : findings;
}

/** The request as prism-http-server reads it: no framed body is `null`, a JSON body is parsed, any other is text. */
function prismRequest(exchange: ExchangeToCheck): { prism: PrismRequest; notJson: boolean } {
  // Never `new URL(url, base)`: a target starting with `//` would name another host (see request-target.ts).
  const { pathname, search } = targetOn(placeholder, exchange.url);
  const query: Record<string, string | string[]> = {};
  for (const [name, values] of queryValues(search.slice(1))) query[name] = values.length === 1 ? values[0]! : values;
  // Prism got the body whole, with its length (a chunked request's length is known once it is read).
  const headers = textHeaders(messageHeaders(exchange.headers));
  const body = exchange.body === undefined || exchange.body.length === 0 ? undefined : exchange.body;
  if (body !== undefined) headers['content-length'] = String(body.length);
  const parsed = parseBody(body, exchange.headers['content-type']);
  return { prism: { method: exchange.method.toLowerCase(), url: { path: pathname, query }, headers, body: parsed.value }, notJson: parsed.notJson };
}

/** The response as prism-http's forwarder reads it (node-fetch): decoded, then JSON parsed or text. */
function prismResponse(method: string, response: BufferedResponse): (PrismResponse & { notJson: boolean }) | { unreadable: string } {
  const headers = textHeaders(messageHeaders(response.headers));
  let bytes: Buffer;
  try {
    bytes = decoded(response.body, headers['content-encoding']);
  } catch (error) {
    return { unreadable: `The response body could not be decoded (Content-Encoding: ${headers['content-encoding']}): ${(error as Error).message}` };
  }
  // A HEAD or 204/304 answer has no body to check, whatever its headers say.
  const bodyless = method === 'HEAD' || response.status === 204 || response.status === 304;
  const parsed = bodyless ? { value: '', notJson: false } : parseBody(bytes, headers['content-type']);
  return { statusCode: response.status, headers, body: parsed.value, notJson: parsed.notJson };
}

function parseBody(body: Buffer | undefined, contentType: string | string[] | undefined): { value: unknown; notJson: boolean } {
  if (body === undefined) return { value: null, notJson: false };
  const text = body.toString('utf8');
  const type = Array.isArray(contentType) ? contentType[0] : contentType;
  if (type === undefined || !isJsonMediaType(type)) return { value: text, notJson: false };
  try {
    return { value: JSON.parse(text) as unknown, notJson: false };
  } catch {
    return { value: text, notJson: true };
  }
}

/** Headers as Prism's validators read them: one string each (repeated ones joined, as node-fetch joins them). */
function textHeaders(headers: ReturnType<typeof messageHeaders>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return result;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
    case 'x-deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}
