// How a probe goes out: its request, the key put on it in the forms the contract's security schemes describe (the spec
// model's one writer of a key, withApiKey), and, once the valid GETs of an operation are answered, which form the
// service accepts (the one every later POST uses) or that it refused the key every documented way.
import { type ApiKeyForm, describeApiKeyForm, withApiKey } from '@thumbnail-api/spec/model';
import { API_KEY_VARIABLE } from '@thumbnail-api/spec/profile';
import type { Observed } from './findings.js';
import { INVALID_KEY, type Probe } from './probe-plan.js';
import type { OutgoingRequest } from './send-request.js';

/** How the key is accepted, once a GET showed it: the form, `refused` (every documented way), or `undefined` while unknown. */
export type KeyState = ApiKeyForm | 'refused' | undefined;

/** What a request needs beside the probe. */
export interface RequestTarget {
  /** The service's base URL, without `/api`. */
  readonly baseUrl: URL;
  readonly apiKey: string;
  readonly forbiddenKey: string | undefined;
  /** The contract's forms of the key, the preferred first. */
  readonly forms: readonly ApiKeyForm[];
  readonly userAgent: string;
}

/** The request of a probe, its credentials as the probe calls for (for a POST: the key the way a GET showed it works). */
export function probeRequest(target: RequestTarget, probe: Probe, working: KeyState): OutgoingRequest {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': target.userAgent };
  if (probe.contentType !== undefined) headers['content-type'] = probe.contentType;
  const bare = { url: `${target.baseUrl.href.replace(/\/$/, '')}${probe.path}`, headers };
  const credentials = probe.credentials;
  const put = (forms: readonly ApiKeyForm[], key: string) => forms.reduce((request, form) => withApiKey(form, key, request), bare);
  const sent =
    credentials.send === 'key'
      ? put(credentials.forms, target.apiKey)
      : credentials.send === 'invalid'
        ? put(credentials.forms, INVALID_KEY)
        : credentials.send === 'forbidden'
          ? put(credentials.forms, target.forbiddenKey!)
          : credentials.send === 'working'
            ? put(typeof working === 'object' ? [working] : target.forms.slice(0, 1), target.apiKey)
            : bare;
  return { method: probe.method, url: new URL(sent.url), headers: { ...sent.headers }, body: probe.body };
}

/**
 * After the valid GETs of an operation: the first form the service accepted. When every documented form was refused,
 * the key itself is the likelier cause: their findings are withdrawn and the run stops before any POST.
 */
export function keyState(
  probes: readonly Probe[],
  probe: Probe,
  answers: ReadonlyMap<string, number | undefined>,
  current: KeyState,
  findings: Observed[],
  stop: (reason: string) => void,
): KeyState {
  if (current !== undefined || probe.kind !== 'valid-request' || probe.method !== 'GET') return current;
  const ways = probes.flatMap((candidate) =>
    candidate.operation === probe.operation && candidate.kind === 'valid-request' && candidate.credentials.send === 'key'
      ? [{ id: candidate.id, form: candidate.credentials.forms[0]! }]
      : [],
  );
  if (ways.length === 0 || ways.some((way) => !answers.has(way.id))) return current;
  const status = (id: string) => answers.get(id);
  const accepted = ways.find((way) => (status(way.id) ?? 0) >= 200 && (status(way.id) ?? 0) < 300);
  if (accepted !== undefined) return accepted.form;
  if (!ways.every((way) => status(way.id) === 401 || status(way.id) === 403)) return current;
  for (let i = findings.length - 1; i >= 0; i--) if (findings[i]!.check === 'auth_scheme_refused') findings.splice(i, 1);
  const answered = ways.map((way) => `${describeApiKeyForm(way.form)}: ${status(way.id)}`).join(', ');
  stop(
    `The service refused ${API_KEY_VARIABLE} every way the contract documents (${answered}) on ${probe.operationName}: check the key. ` +
      'If it is valid, the service refuses valid keys; nothing else was sent.',
  );
  return 'refused';
}
