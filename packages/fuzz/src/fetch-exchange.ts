// One request sent with fetch, as the client sends it, and what came back, for the MSW differential: over a real
// connection to the HTTP mock, or through MSW's interception to the handlers. And how two such answers differ.
import type { HttpRequestPlan } from './mock-request.js';

/** Headers no answer is compared by: when and how the bytes travelled, not what they say. */
const FRAMING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** What came back to fetch. */
export type Seen =
  | { kind: 'response'; status: number; statusText: string; headers: Record<string, string>; body: Buffer | 'broke-off' }
  | { kind: 'network-error' }
  | { kind: 'refused-by-fetch'; message: string }
  /** No whole answer within the time limit. */
  | { kind: 'no-answer' };

/** Why fetch cannot send a request, whatever it is sent to; `undefined` when it can. */
export function notSendable(plan: HttpRequestPlan): string | undefined {
  return ['TRACE', 'CONNECT', 'TRACK'].includes(plan.method.toUpperCase()) ? `fetch refuses ${plan.method}` : undefined;
}

/** The request as fetch sends it: without a body on GET and HEAD. */
export function asFetchSendsIt(plan: HttpRequestPlan): HttpRequestPlan {
  return (plan.method === 'GET' || plan.method === 'HEAD') && plan.body.kind !== 'none' ? { ...plan, body: { kind: 'none' } } : plan;
}

function bodyInit(plan: HttpRequestPlan): { body?: BodyInit; duplex?: 'half' } {
  if (plan.body.kind !== 'bytes') return {};
  const bytes = new Uint8Array(plan.body.bytes);
  if (!plan.body.chunked) return { body: bytes };
  // A stream goes chunked over HTTP; MSW reads the same bytes.
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return { body: stream, duplex: 'half' };
}

/** Whether fetch (or the body's read) failed because the time limit's signal fired. */
const timedOut = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'));

/** Sends `plan` to `base` with `fetchFn`, and reads the whole answer within `limitMs`. */
export async function sendWithFetch(fetchFn: typeof fetch, base: string, plan: HttpRequestPlan, limitMs: number): Promise<Seen> {
  let response: Response;
  try {
    const headers = new Headers();
    for (const [name, value] of plan.headers) headers.append(name, value);
    response = await fetchFn(`${base}${plan.target}`, {
      method: plan.method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(limitMs),
      ...bodyInit(plan),
    } as RequestInit);
  } catch (error) {
    if (timedOut(error)) return { kind: 'no-answer' };
    const message = error instanceof Error ? error.message : String(error);
    // A request fetch will not make fails alike on both sides; one that was sent and got no answer is a network error.
    return /fetch failed|Failed to fetch/.test(message) ? { kind: 'network-error' } : { kind: 'refused-by-fetch', message };
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!FRAMING.has(name)) headers[name] = value;
  });
  let body: Buffer | 'broke-off';
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (timedOut(error)) return { kind: 'no-answer' };
    body = 'broke-off';
  }
  return { kind: 'response', status: response.status, statusText: response.statusText, headers, body };
}

/** How the answer over HTTP differs from the one through MSW; empty when they are the same. */
export function seenDifferences(overHttp: Seen, throughMsw: Seen): string[] {
  if (overHttp.kind !== throughMsw.kind) return [`over HTTP: ${show(overHttp)}; through MSW: ${show(throughMsw)}`];
  if (overHttp.kind !== 'response' || throughMsw.kind !== 'response') {
    return overHttp.kind === 'refused-by-fetch' && throughMsw.kind === 'refused-by-fetch' && overHttp.message !== throughMsw.message
      ? [`fetch refused it differently: ${overHttp.message} / ${throughMsw.message}`]
      : [];
  }
  const found: string[] = [];
  if (overHttp.status !== throughMsw.status) found.push(`status ${overHttp.status} over HTTP, ${throughMsw.status} through MSW`);
  if (overHttp.statusText !== throughMsw.statusText)
    found.push(`status text ${JSON.stringify(overHttp.statusText)} / ${JSON.stringify(throughMsw.statusText)}`);
  for (const name of new Set([...Object.keys(overHttp.headers), ...Object.keys(throughMsw.headers)])) {
    if (overHttp.headers[name] !== throughMsw.headers[name]) {
      found.push(`header ${name}: ${JSON.stringify(overHttp.headers[name])} over HTTP, ${JSON.stringify(throughMsw.headers[name])} through MSW`);
    }
  }
  const same =
    overHttp.body === throughMsw.body || (Buffer.isBuffer(overHttp.body) && Buffer.isBuffer(throughMsw.body) && overHttp.body.equals(throughMsw.body));
  if (!same) found.push(`body ${excerpt(overHttp.body)} over HTTP, ${excerpt(throughMsw.body)} through MSW`);
  return found;
}

/** An answer in a few words. */
export function show(seen: Seen): string {
  if (seen.kind === 'response') return `${seen.status} ${seen.headers['content-type'] ?? '(no content-type)'} ${excerpt(seen.body)}`;
  if (seen.kind === 'no-answer') return 'no answer in time';
  return seen.kind === 'network-error' ? 'a network error' : `fetch refused it: ${seen.message}`;
}

function excerpt(body: Buffer | 'broke-off'): string {
  return body === 'broke-off' ? '(broke off)' : JSON.stringify(body.toString('utf8', 0, 160));
}
