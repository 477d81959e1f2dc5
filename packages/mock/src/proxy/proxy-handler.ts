// The contract proxy's one forwarding step: each request is read (up to the mock's body limit), sent once to the
// upstream exactly as the client sent it, and the upstream's answer relayed byte for byte; then the exchange is
// checked against the contract (contract-check.ts) and handed to every listener (the report, the recorder).
import { Agent as HttpAgent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { originForm } from '../http/request-target.js';
import type { RequestHandler } from '../node/front-server.js';
import { type BufferedResponse, messageHeaders, reply, sendRequest } from '../node/http-client.js';
import { BODY_LIMIT, readBodyUpTo } from '../node/read-body.js';
import type { ContractCheck } from './contract-check.js';
import type { ContractFinding, ExchangeListener, ProxiedExchange } from './proxied-exchange.js';

/** Forwards every request to `upstream` and back, then tells `listeners` what happened and what the check found. */
export function createProxyHandler(options: {
  upstream: URL;
  check: ContractCheck;
  listeners: readonly ExchangeListener[];
  /** Told when a listener throws (the exchange itself went through). */
  onListenerError(error: unknown): void;
}): RequestHandler {
  const { upstream, check, listeners } = options;
  const agent = upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const base = upstream.href.replace(/\/+$/, '');

  const forward = async (method: string, url: string, req: IncomingMessage, body: Buffer | undefined): Promise<BufferedResponse | { error: string }> => {
    try {
      return await sendRequest(new URL(base + url), { method, headers: messageHeaders(req.headers, ['host']), body, agent });
    } catch (error) {
      return { error: `Could not reach the upstream ${upstream.origin}: ${(error as Error).message}` };
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let read: Buffer | undefined;
    try {
      read = await readBodyUpTo(req);
    } catch {
      // The client broke off: nobody is left to answer.
      res.destroy();
      return;
    }
    if (read === undefined) {
      res.writeHead(413, { 'content-type': 'text/plain' }).end(`The contract proxy reads request bodies up to ${BODY_LIMIT} bytes; this one is larger.`);
      return;
    }
    const method = req.method ?? 'GET';
    // Origin form: a target naming another host (`GET http://host/path`) must not send the request there.
    const url = originForm(req.url);
    const framed = read.length > 0 || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const body = framed ? read : undefined;
    const answer = await forward(method, url, req, body);
    const response = 'error' in answer ? undefined : answer;
    if ('error' in answer) res.writeHead(502, { 'content-type': 'text/plain' }).end(answer.error);
    else reply(res, answer.status, messageHeaders(answer.headers), answer.body);

    // Checked after the answer has gone: the client never waits for the check.
    let checked: ReturnType<ContractCheck['check']>;
    try {
      checked = check.check({ method, url, headers: req.headers, body, response });
    } catch (error) {
      checked = {
        operation: undefined,
        findings: [{ kind: 'unchecked', location: 'request', message: `The contract check failed: ${(error as Error).message}` }],
      };
    }
    const findings: ContractFinding[] = checked.findings;
    if ('error' in answer) findings.push({ kind: 'unchecked', location: 'response', message: answer.error });
    const exchange: ProxiedExchange = {
      method,
      url,
      headers: req.headers,
      body,
      operation: checked.operation,
      response,
      status: response?.status ?? 502,
      findings: dedupe(findings),
    };
    for (const listener of listeners) {
      try {
        listener(exchange);
      } catch (error) {
        options.onListenerError(error);
      }
    }
  };

  return {
    handle: (req, res) => void handle(req, res),
    close: async () => agent.destroy(),
  };
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
