// The contract proxy's front server and its "tap".
//
// Prism's validating proxy re-serialises JSON bodies, answers some requests itself (malformed JSON, a GET
// with a body) and replaces an upstream 501 with a mocked answer. To pass traffic through untouched, Prism's
// upstream is our tap: the front server keeps the client's request, sends it to Prism tagged with an exchange
// id, the tap sends the ORIGINAL request to the real upstream and records the real response, and the client
// gets that recorded response byte for byte. Prism only contributes its verdict, the `sl-violations` header.
import { randomUUID } from 'node:crypto';
import { createServer, Agent as HttpAgent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { ContractModel } from '@thumbnail-api/spec/model';
import { originForm, targetOn } from '../engine/request-target.js';
import { BODY_LIMIT, readBodyUpTo } from '../http/read-body.js';
import { type BufferedResponse, messageHeaders, reply, sendRequest } from '../prism/http-exchange.js';
import type { RawExchange } from '../record/recorder.js';
import type { CheckedExchange, ContractFinding } from './contract-report.js';

const exchangeHeader = 'x-thumbnail-api-mock-exchange';

export interface PendingExchange {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer | undefined;
  upstream?: BufferedResponse | { readonly error: string };
}

/** Sends requests to the real upstream exactly as the client sent them. */
function createUpstreamSender(upstream: URL) {
  const agent = upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const base = upstream.href.replace(/\/+$/, '');
  return {
    async send(exchange: PendingExchange): Promise<BufferedResponse | { error: string }> {
      try {
        return await sendRequest(new URL(base + exchange.url), {
          method: exchange.method,
          headers: messageHeaders(exchange.headers, ['host', exchangeHeader]),
          body: exchange.body,
          agent,
        });
      } catch (error) {
        return { error: `Could not reach the upstream ${upstream.origin}: ${(error as Error).message}` };
      }
    },
    close: () => agent.destroy(),
  };
}

/** The tap: Prism's upstream. It answers Prism with the real upstream's response to the original request. */
export function createTap(upstream: URL): { server: Server; pending: Map<string, PendingExchange>; close(): void } {
  const pending = new Map<string, PendingExchange>();
  const sender = createUpstreamSender(upstream);
  const server = createServer((req, res) => {
    req.resume(); // Prism's copy of the body is re-serialised; the original is in `pending`.
    const exchange = pending.get(String(req.headers[exchangeHeader]));
    if (!exchange) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown exchange.');
      return;
    }
    void sender.send(exchange).then((response) => {
      exchange.upstream = response;
      if ('error' in response) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(response.error);
      } else {
        reply(res, response.status, messageHeaders(response.headers), response.body);
      }
    });
  });
  return { server, pending, close: () => sender.close() };
}

/** The front server of the proxy: relays every exchange through Prism and the tap, and reports what Prism found. */
export function createProxyHandler(options: {
  contract: ContractModel;
  prismUrl: string;
  upstream: URL;
  pending: Map<string, PendingExchange>;
  onExchange(exchange: CheckedExchange): void;
  /** Called with each exchange the upstream answered, as it happened (e.g. to record it). */
  onAnswered?: ((exchange: RawExchange) => void) | undefined;
}): { handle(req: IncomingMessage, res: ServerResponse): void; close(): Promise<void> } {
  const { contract, pending } = options;
  const prismUrl = new URL(options.prismUrl);
  const prismAgent = new HttpAgent({ keepAlive: true });
  const direct = createUpstreamSender(options.upstream);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let body: Buffer | undefined;
    try {
      body = await readBodyUpTo(req);
    } catch {
      // The client broke off: nobody is left to answer.
      res.destroy();
      return;
    }
    if (body === undefined) {
      res.writeHead(413, { 'content-type': 'text/plain' }).end(`The contract proxy reads request bodies up to ${BODY_LIMIT} bytes; this one is larger.`);
      return;
    }
    const method = req.method ?? 'GET';
    // Origin form: a target naming another host (`GET http://host/path`) must not send the request there.
    const url = originForm(req.url);
    const target = targetOn(prismUrl, url);
    const hasBody = body.length > 0 || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const exchange: PendingExchange = { method, url, headers: req.headers, body: hasBody ? body : undefined };
    const id = randomUUID();
    pending.set(id, exchange);
    let verdict: BufferedResponse | undefined;
    try {
      verdict = await sendRequest(target, {
        method,
        headers: { ...messageHeaders(req.headers), [exchangeHeader]: id },
        body: exchange.body,
        agent: prismAgent,
      });
    } catch {
      verdict = undefined; // Prism is gone; the exchange is still relayed, unchecked.
    } finally {
      pending.delete(id);
    }

    const operation = contract.findOperation(method, target.pathname);
    const findings: ContractFinding[] = [];
    let upstream = exchange.upstream;
    if (upstream === undefined) {
      // Prism answered by itself instead of forwarding: send the request on ourselves, and say why it is unchecked.
      findings.push(explainNotForwarded(verdict));
      upstream = await direct.send(exchange);
    } else if (verdict !== undefined) {
      // When the upstream could not be reached, Prism judged our stand-in 502: only its request findings count.
      const status = 'error' in upstream ? undefined : upstream.status;
      findings.push(...prismFindings(verdict, status).filter((f) => status !== undefined || f.location.startsWith('request')));
    }
    if (operation === undefined) {
      findings.push({ kind: 'undocumented', location: 'request', message: `The contract does not describe ${method} ${pathOf(url)}; nothing was checked.` });
    }

    let status: number;
    if ('error' in upstream) {
      status = 502;
      findings.push({ kind: 'unchecked', location: 'response', message: upstream.error });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(upstream.error);
    } else {
      status = upstream.status;
      reply(res, status, messageHeaders(upstream.headers), upstream.body);
    }
    const name = operation === undefined ? undefined : (operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`);
    if (!('error' in upstream)) options.onAnswered?.({ method, url, headers: req.headers, body: exchange.body, operation: name, response: upstream });
    options.onExchange({ method, path: pathOf(url), operation: name, status, findings: dedupe(findings) });
  };

  return {
    handle: (req, res) => void handle(req, res),
    close: async () => {
      prismAgent.destroy();
      direct.close();
    },
  };
}

interface PrismViolation {
  location?: unknown;
  severity?: unknown;
  message?: unknown;
}

/** Prism's violations of an exchange it checked, from its `sl-violations` header. */
function prismFindings(verdict: BufferedResponse, upstreamStatus: number | undefined): ContractFinding[] {
  const header = verdict.headers['sl-violations'];
  const findings: ContractFinding[] = [];
  if (typeof header === 'string') {
    let violations: PrismViolation[];
    try {
      violations = JSON.parse(header) as PrismViolation[];
    } catch {
      violations = [{ location: ['response'], severity: 'Error', message: 'More violations than Prism can list in one header.' }];
    }
    for (const violation of violations) {
      const location = Array.isArray(violation.location) ? violation.location.join('.') : 'request';
      // Route warnings are reported from our own reading of the contract; only errors break the contract.
      if (violation.severity !== 'Error') continue;
      // Prism answers an upstream 501 from the contract instead of checking it: its response findings are not about the upstream.
      if (upstreamStatus === 501 && location.startsWith('response')) continue;
      findings.push({ kind: 'violation', location, message: String(violation.message) });
    }
  }
  if (upstreamStatus === 501) {
    findings.push({
      kind: 'unchecked',
      location: 'response',
      message: 'The upstream answered 501, which Prism does not check (it answers such calls from the contract).',
    });
  }
  return findings;
}

function explainNotForwarded(verdict: BufferedResponse | undefined): ContractFinding {
  if (verdict === undefined) {
    return { kind: 'unchecked', location: 'request', message: 'Prism did not answer; the request was sent on unchecked.' };
  }
  const text = verdict.body.toString('utf8');
  if (text.includes('invalid_json')) {
    return { kind: 'violation', location: 'request.body', message: 'The request body is not valid JSON; the contract documents JSON bodies.' };
  }
  let detail = text.slice(0, 200);
  try {
    const problem = JSON.parse(text) as { title?: unknown; detail?: unknown };
    detail = String(problem.detail ?? problem.title ?? detail);
  } catch {
    // Not JSON: keep the text.
  }
  return { kind: 'unchecked', location: 'request', message: `Prism would not forward it (${verdict.status}: ${detail}); it was sent on unchecked.` };
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

function dedupe(findings: ContractFinding[]): ContractFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.kind}|${finding.location}|${finding.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
