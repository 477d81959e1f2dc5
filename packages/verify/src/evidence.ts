// The exchanges shown as evidence, as the recorder keeps them: the credentials removed wherever they appear (headers,
// bodies, echoed back by the service), cookies dropped, bodies shown as text up to a few KiB.
import type { IncomingHttpHeaders } from 'node:http';
import { scrub, secretsOf } from '@thumbnail-api/mock/contract-check';
import type { ApiKeyForms } from '@thumbnail-api/spec/model';
import type { Exchange } from './findings.js';
import { INVALID_KEY } from './probe-plan.js';
import type { OutgoingRequest, SendOutcome } from './send-request.js';

/** How much of a body a report shows. */
const SHOWN_BODY_CHARS = 4096;
/** Answer headers never shown: they may hold the service's own secrets for this session. */
const HIDDEN_ANSWER_HEADERS = new Set(['set-cookie']);

/** The keys of a run, longest first, for {@link scrub} (removing the key also removes it from `Bearer <key>`). */
export function secretsOfKeys(keys: readonly (string | undefined)[]): string[] {
  const present = keys.filter((key): key is string => key !== undefined && key !== '');
  return [...new Set(present.flatMap((key) => [key, key.trim()]))].filter((key) => key !== '').sort((a, b) => b.length - a.length);
}

/** One exchange, as a report shows it. `secrets` are the run's keys ({@link secretsOfKeys}); `forms`, where a key travels. */
export function exchangeRecord(
  base: Pick<Exchange, 'index' | 'probe' | 'attempt' | 'startedAt' | 'billed' | 'requestNotes'> & { pushback?: boolean },
  request: OutgoingRequest,
  outcome: SendOutcome,
  secrets: readonly string[],
  forms: ApiKeyForms,
): Exchange {
  // The request's own credentials, whatever they are, except the made-up key, which is no secret and shows what was sent.
  const own = secretsOf(lowerCased(request.headers), forms, request.url.search.slice(1)).filter((secret) => !secret.includes(INVALID_KEY));
  // The token alone, so that a report still shows the scheme: `Bearer [redacted]`.
  const hide = [...new Set([...secrets, ...own])].filter((secret) => !/^bearer\s/i.test(secret)).sort((a, b) => b.length - a.length);
  const record: Exchange = {
    ...base,
    durationMs: outcome.durationMs,
    request: {
      method: request.method,
      path: `${request.url.pathname}${request.url.search}`,
      headers: lowerCased(request.headers),
      ...(request.body === undefined ? {} : { body: shown(request.body) }),
    },
    answer:
      outcome.kind === 'answered'
        ? { status: outcome.status, headers: answerHeaders(outcome.headers), body: shown(outcome.body), truncated: outcome.truncated }
        : undefined,
    ...(outcome.kind === 'answered' ? {} : { failure: { kind: outcome.kind, message: outcome.message } }),
  };
  return scrub(record, hide);
}

function shown(body: Buffer): string {
  const text = body.toString('utf8');
  return text.length > SHOWN_BODY_CHARS ? `${text.slice(0, SHOWN_BODY_CHARS)}… (${body.length} bytes in all)` : text;
}

function answerHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const shownHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HIDDEN_ANSWER_HEADERS.has(name)) shownHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return shownHeaders;
}

function lowerCased(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
