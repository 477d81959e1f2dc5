// Prism as the answerer of what the compiled contract does not cover: started in this process by the first request
// that needs it, sent the request as the client sent it, and its answer kept inside the contract.
import { Agent } from 'node:http';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import type { CompiledOperation } from '../contract/compile-operation.js';
import type { LazyValidator } from '../contract/lazy-validator.js';
import { responseFits } from '../contract/response-fit.js';
import { mockError } from '../http/mock-error.js';
import { noteLines, type PreparedAnswer } from '../http/prepared-answer.js';
import { targetOn } from '../http/request-target.js';
import { type BufferedResponse, messageHeaders, sendRequest } from '../node/http-client.js';
import type { Answerer } from '../pipeline/answerer.js';
import { formBodyForPrism, headersForPrism, isFormBody } from './prism-input.js';
import { type PrismServer, prismWithin, startPrismServer } from './prism-server.js';

/** Statuses whose documented answer the mock sends when Prism refuses a request in a body of its own. */
const refusals = new Set([400, 406, 413, 415, 422]);

export function createPrismAnswerer(options: { specPath: string; errors: boolean; startTimeoutMs: number; validator: LazyValidator }): Answerer {
  // A connection per request: Prism closes idle keep-alive connections on its own timer, and a request sent on one as it
  // closes got 'socket hang up' (a 503 from the mock; found by the differential campaign). This path is not the hot one.
  const agent = new Agent({ keepAlive: false });
  const stopped = new AbortController();
  let starting: Promise<PrismServer> | undefined;
  let running: PrismServer | undefined;

  const prism = (): Promise<PrismServer> => {
    starting ??= startPrismServer({
      mode: 'mock',
      specPath: options.specPath,
      errors: options.errors,
      cors: false,
      signal: stopped.signal,
      purpose: 'This request (Prefer: dynamic=true, or an operation of a --spec contract that only Prism answers)',
    }).then((server) => {
      // Stopped while Prism was starting to listen: it must not outlive the mock.
      if (stopped.signal.aborted) void server.close();
      else running = server;
      return server;
    });
    // Failed starts are retried by the next request.
    starting.catch(() => {
      starting = undefined;
    });
    return prismWithin(starting, options.startTimeoutMs, 'start');
  };

  return {
    async answer(request, body, operation) {
      let server: PrismServer;
      try {
        server = await prism();
      } catch (error) {
        return unavailable((error as Error).message);
      }
      // The body goes whole, with its length, as the client framed it: Prism 5.14 judges a chunked body differently (a
      // text/plain body 422 instead of 415, a GET's body ignored), and the mock answers as Prism answers the body itself.
      // A form body is made one Prism can decode (see prism-input.ts).
      const sent = body !== undefined && isFormBody(request.headers) ? formBodyForPrism(body) : body;
      try {
        // Prism routes no HEAD: it answers the GET, whose body the transport leaves out of the answer to a HEAD.
        const method = request.method === 'HEAD' ? 'GET' : request.method;
        const target = targetOn(new URL(server.url), request.target);
        const response = await sendRequest(target, { method, headers: headersForPrism(request.headers), body: sent, agent });
        return relay(operation, response, await options.validator.load());
      } catch (error) {
        return unavailable(`Prism did not answer: ${(error as Error).message}`);
      }
    },
    async close() {
      // Not waiting for a Prism still loading: it sees the signal and never listens.
      stopped.abort();
      agent.destroy();
      await running?.close();
    },
  };
}

/** Prism's answer when the contract documents it; otherwise the documented refusal, or the mock's error. */
function relay(operation: CompiledOperation, answer: BufferedResponse, validator: ContractValidator): PreparedAnswer {
  if (responseFits(validator, operation.source, answer.status, answer.headers['content-type'], answer.body)) {
    // The mock's CORS instead of Prism's, and its note instead of Prism's violations header, as in its own answers.
    const headers = messageHeaders(answer.headers, ['sl-violations']);
    const lines = Object.entries(headers).flatMap(([name, value]) => (name.startsWith('access-control-') ? [] : [name, String(value)]));
    const violations = violationsOf(answer);
    const note = violations === undefined ? [] : noteLines(`Prism found: ${violations}`);
    return { status: answer.status, headers: [...lines, 'content-length', String(answer.body.length), 'vary', 'Origin', ...note], body: answer.body };
  }
  const said = describe(answer);
  if (refusals.has(answer.status)) return operation.refused([answer.status], `Prism answered ${answer.status} outside the contract: ${said}`);
  return mockError(
    'prism-outside-contract',
    answer.status,
    `Prism answered ${answer.status} outside the contract`,
    `Prism, which generates this answer, said: ${said}`,
    {},
    noteLines(said),
  );
}

/** Prism's violations of an exchange (its `sl-violations` header), as one line; `undefined` without any. */
function violationsOf(answer: BufferedResponse): string | undefined {
  const header = answer.headers['sl-violations'];
  if (typeof header !== 'string') return undefined;
  try {
    const violations = JSON.parse(header) as Array<{ location?: unknown; message?: unknown }>;
    return violations
      .map((violation) => `${Array.isArray(violation.location) ? violation.location.join('.') : 'request'}: ${String(violation.message)}`)
      .join('; ');
  } catch {
    return header;
  }
}

/** One line about Prism's answer, e.g. its problem+json title. */
function describe(answer: BufferedResponse): string {
  let detail = answer.body.toString('utf8', 0, 300);
  try {
    const parsed = JSON.parse(answer.body.toString('utf8')) as { detail?: unknown; title?: unknown; error?: { message?: unknown } };
    detail = String(parsed.detail || parsed.title || parsed.error?.message || detail);
  } catch {
    // Not JSON: the start of the text says enough.
  }
  return detail.replace(/\s+/g, ' ').slice(0, 300);
}

function unavailable(reason: string) {
  return mockError('prism-unavailable', 503, 'Prism, which answers this request, is not available', reason);
}
