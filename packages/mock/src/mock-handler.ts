// The mock's front server: applies the key registry, then lets Prism answer, keeping every answer to a
// documented operation inside the contract.
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { CannedResponse, Contract, ContractOperation } from './contract.js';
import { type BufferedResponse, messageHeaders, PRISM_BODY_LIMIT, reply, sendRequest, targetOn } from './http-exchange.js';
import { type KeyOutcome, outcomeOf } from './key-registry.js';
import { formBodyForPrism, headersForPrism, isFormBody } from './prism-input.js';

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
    const forward = (body: Readable) =>
      sendRequest(target, { method: req.method ?? 'GET', headers: headersForPrism(req.headers), body, agent }).then(
        (answer) => relay(res, operation, answer),
        (error: Error) => {
          // Prism is gone (it crashed, or the mock is stopping): still answer, and inside the contract.
          const failure = { status: 502, headers: { 'content-type': 'text/plain' }, body: Buffer.from(`The mock's Prism process did not answer: ${error.message}`) };
          relay(res, operation, failure, failure.body.toString());
        },
      );
    if (!isFormBody(req.headers)) {
      forward(req);
      return;
    }
    // A form body is read whole, to make it one Prism can decode, then streamed on like any other (Prism answers a
    // chunked body differently from one with a length). Over Prism's 10 MB it gets Prism's own 413.
    readUpTo(req, PRISM_BODY_LIMIT).then(
      (body) => (body === undefined ? relay(res, operation, bodyTooLarge) : forward(Readable.from([formBodyForPrism(body)]))),
      () => res.destroy(),
    );
  };
  return { handle, close: () => agent.destroy() };
}

// Prism's own answer to a body over its limit.
const bodyTooLarge: BufferedResponse = {
  status: 413,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from('{"error":{"code":"request_entity_too_large","message":"Body exceeded 10mb limit"}}'),
};

/** The whole body, or `undefined` when it is longer than `limit` (read to the end all the same, keeping none of it). */
function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.once('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    req.once('error', reject);
  });
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
