// The mock's front server: applies the key registry, then lets Prism answer, keeping every answer to a
// documented operation inside the contract.
import { Agent, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { CannedResponse, Contract, ContractOperation } from './contract.js';
import { type BufferedResponse, messageHeaders, reply, sendRequest, targetOn } from './http-exchange.js';
import { type KeyOutcome, outcomeOf } from './key-registry.js';

/** Header that says why the mock replaced an answer of Prism's own, which the contract does not document. */
export const noteHeader = 'x-thumbnail-api-mock-note';

const statusOfOutcome = { unauthorized: 401, forbidden: 403 } as const;

export function createMockHandler(options: {
  contract: Contract;
  keys: ReadonlyMap<string, KeyOutcome> | undefined;
  prismUrl: string;
}): { handle(req: IncomingMessage, res: ServerResponse): void; close(): void } {
  const { contract, keys } = options;
  const prismUrl = new URL(options.prismUrl);
  const agent = new Agent({ keepAlive: true });

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const target = targetOn(prismUrl, req.url);
    const operation = contract.findOperation(req.method ?? 'GET', target.pathname);
    if (operation && keys) {
      const outcome = outcomeOf(keys, req.headers);
      if (outcome !== 'ok') {
        req.resume(); // The body is not needed, but must be read for the connection to be reused.
        const status = statusOfOutcome[outcome];
        // Checked at start-up: every operation documents both examples when a registry is given.
        const example = operation.example(status) as CannedResponse;
        reply(res, status, { ...corsHeaders(req), 'content-type': example.contentType }, example.body);
        return;
      }
    }
    sendRequest(target, { method: req.method ?? 'GET', headers: headersForPrism(req.headers), body: req, agent }).then(
      (answer) => relay(res, operation, answer),
      (error: Error) => {
        // Prism is gone (it crashed, or the mock is stopping): still answer, and inside the contract.
        const failure = { status: 502, headers: { 'content-type': 'text/plain' }, body: Buffer.from(`The mock's Prism process did not answer: ${error.message}`) };
        relay(res, operation, failure, failure.body.toString());
      },
    );
  };
  return { handle, close: () => agent.destroy() };
}

// A media range Prism can parse: type/subtype and parameters.
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const mediaRange = new RegExp(`^${token}/${token}(?:[ \\t]*;[ \\t]*${token}=(?:${token}|"(?:[^"\\\\]|\\\\.)*"))*$`);

/**
 * The request's headers for Prism. Prism 5.14 throws on a media type it cannot parse (`Accept: json`, or
 * `Content-Type: json` on a GET) where nothing catches it, and its process exits: such Accept ranges are left out
 * (with none left, Accept is dropped), and such a Content-Type is dropped.
 */
function headersForPrism(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const forwarded = messageHeaders(headers);
  if (headers.accept !== undefined) {
    const ranges = headers.accept.split(',').map((range) => range.trim()).filter((range) => mediaRange.test(range));
    if (ranges.length > 0) forwarded.accept = ranges.join(', ');
    else delete forwarded.accept;
  }
  if (headers['content-type'] !== undefined && !mediaRange.test(headers['content-type'].trim())) delete forwarded['content-type'];
  // A body is streamed on chunked, as node does by default for a POST. For a GET node frames no body at all, and
  // Prism would read it as the start of another request on the connection.
  const length = headers['content-length'];
  if (headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')) forwarded['transfer-encoding'] = 'chunked';
  return forwarded;
}

/** Sends Prism's answer on, unless it answers a documented operation with something the contract does not document. */
function relay(res: ServerResponse, operation: ContractOperation | undefined, answer: BufferedResponse, note = describeReplaced(answer)): void {
  const contentType = answer.headers['content-type'];
  if (operation === undefined || operation.fits(answer.status, contentType, answer.body)) {
    reply(res, answer.status, messageHeaders(answer.headers), answer.body);
    return;
  }
  // Prism's own errors (malformed JSON, an unknown Prefer example, an Accept it cannot serve, ...) keep their
  // status but get the body the contract documents for it, so clients only ever see documented bodies.
  const example = operation.example(answer.status);
  if (example === undefined || !operation.fits(answer.status, example.contentType, example.body)) {
    reply(res, answer.status, messageHeaders(answer.headers), answer.body);
    return;
  }
  const headers = {
    ...messageHeaders(answer.headers, ['content-type', 'content-encoding']),
    'content-type': example.contentType,
    [noteHeader]: note.replace(/[^\x20-\x7e]+/g, ' ').slice(0, 300),
  };
  reply(res, answer.status, headers, example.body);
}

/** One header-safe line about the answer that was replaced, e.g. Prism's problem+json title. */
function describeReplaced(answer: BufferedResponse): string {
  let detail = answer.body.toString('utf8', 0, 300);
  try {
    const parsed = JSON.parse(answer.body.toString('utf8')) as { detail?: unknown; title?: unknown; error?: { message?: unknown } };
    detail = String(parsed.detail ?? parsed.title ?? parsed.error?.message ?? detail);
  } catch {
    // Not JSON: the start of the text says enough.
  }
  return `Prism answered ${answer.status} outside the contract: ${detail}`;
}

/** The CORS headers Prism sends, so answers the mock writes itself read the same in a browser. */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': '*',
  };
}
