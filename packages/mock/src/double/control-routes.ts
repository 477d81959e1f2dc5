// The control surface over HTTP, under `/__mock` on the mock's own listener, for tests in any language (and for
// connectMock()). It reads a request through a small view and answers prepared answers, so any transport can serve
// it. Never journaled, OPTIONS included (answered here with Allow).
import { syntaxErrorPlace } from '../http/json-syntax.js';
import { type PreparedAnswer, prepareAnswer } from '../http/prepared-answer.js';
import type { MockControls } from './controls.js';
import { MockKeyRequiredError } from './key-scope.js';
import { MockRuleError } from './rule-check.js';

/** A control request as any transport hands it over. */
export interface ControlRequest {
  readonly method: string;
  /** The path and query under the mock's base URL, e.g. `/__mock/requests?key=...`. */
  readonly target: string;
  /** The body, or `undefined` when it is longer than `limit`. */
  readBody(limit: number): Promise<Buffer | undefined>;
}

/** The prefix of every control path; a contract with a path under it cannot be served with the control surface on. */
export const CONTROL_PREFIX = '/__mock';
/** The largest control request body read (a rules file sent at once is well below it). */
const controlBodyLimit = 1024 * 1024;

/** Whether a request target is under the control prefix. */
export function isControlTarget(target: string): boolean {
  return target.startsWith(CONTROL_PREFIX) && (target.length === CONTROL_PREFIX.length || '/?'.includes(target[CONTROL_PREFIX.length]!));
}

/** Answers a control request. */
export async function answerControl(controls: MockControls, request: ControlRequest): Promise<PreparedAnswer> {
  const at = request.target.indexOf('?');
  const path = at === -1 ? request.target : request.target.slice(0, at);
  const params = new URLSearchParams(at === -1 ? '' : request.target.slice(at + 1));
  const method = request.method;
  if (method === 'OPTIONS') {
    const allow = allowOf(path);
    return allow === undefined ? unknownControlPath(path) : json(204, undefined, ['allow', allow]);
  }
  if (path === '/__mock/requests') {
    if (method === 'GET' || method === 'HEAD') {
      const key = params.get('key') ?? undefined;
      const dropped = key === undefined ? controls.journal.dropped : controls.journal.droppedOf(key);
      return json(200, { requests: controls.requests({ operationId: params.get('operationId') ?? undefined, key }), dropped });
    }
    if (method === 'DELETE') return done(() => controls.clearRequests(params.get('key') ?? undefined));
    return notAllowed(method, path);
  }
  if (path === '/__mock/near-misses') {
    if (method !== 'GET' && method !== 'HEAD') return notAllowed(method, path);
    return json(200, { nearMisses: controls.nearMisses({ operationId: params.get('operationId') ?? undefined, key: params.get('key') ?? undefined }) });
  }
  if (path === '/__mock/coverage') {
    if (method !== 'GET' && method !== 'HEAD') return notAllowed(method, path);
    return json(200, controls.coverageReport(params.get('key') ?? undefined));
  }
  if (path === '/__mock/rules') {
    if (method === 'GET' || method === 'HEAD') {
      const key = params.get('key') ?? undefined;
      return json(200, { rules: controls.rulesInForce(key) });
    }
    if (method === 'DELETE') return done(() => controls.clearRules(params.get('key') ?? undefined));
    if (method !== 'POST') return notAllowed(method, path);
    const body = await request.readBody(controlBodyLimit);
    if (body === undefined) return error(413, `A rule is at most ${controlBodyLimit} bytes of JSON.`);
    let input: unknown;
    const text = body.toString('utf8');
    try {
      input = JSON.parse(text);
    } catch {
      return error(
        400,
        `The body is not JSON${syntaxErrorPlace(text)}. Send a rule as JSON, e.g. {"operationId": "listThumbnails", "answer": {"status": 503}}, or an array of rules.`,
      );
    }
    const key = params.get('key') ?? undefined;
    try {
      if (Array.isArray(input)) return json(201, { ids: (await controls.addRules(input, key)).map((rule) => rule.id) });
      return json(201, { id: (await controls.addRule(input, key)).id });
    } catch (caught) {
      if (caught instanceof MockRuleError) return error(400, caught.message, { field: caught.field });
      throw caught;
    }
  }
  if (path.startsWith('/__mock/rules/')) {
    if (method !== 'DELETE') return notAllowed(method, path);
    const id = decoded(path.slice('/__mock/rules/'.length));
    if (id === undefined)
      return error(400, `The rule id in ${JSON.stringify(path.slice(0, 100))} is not valid percent-encoding; send the id as POST /__mock/rules gave it.`);
    const key = params.get('key') ?? undefined;
    if (controls.removeRule(id, key)) return json(204, undefined);
    return error(404, `No rule ${JSON.stringify(id.slice(0, 100))} is in force${key === undefined ? '' : ' for this key'} (its "times" may be used up).`);
  }
  if (path === '/__mock/reset') {
    if (method !== 'POST') return notAllowed(method, path);
    return done(() => controls.reset(params.get('key') ?? undefined));
  }
  if (path === '/__mock/pending') {
    if (method !== 'DELETE') return notAllowed(method, path);
    return keyed(() => json(200, { ended: controls.endPending(params.get('key') ?? undefined) }));
  }
  return unknownControlPath(path);
}

/** The methods a control path answers, for `OPTIONS` and `Allow`; `undefined` for a path that is none. */
export function allowOf(path: string): string | undefined {
  if (path === '/__mock/requests') return 'GET, HEAD, DELETE, OPTIONS';
  if (path === '/__mock/near-misses' || path === '/__mock/coverage') return 'GET, HEAD, OPTIONS';
  if (path === '/__mock/rules') return 'GET, HEAD, POST, DELETE, OPTIONS';
  if (path.startsWith('/__mock/rules/')) return 'DELETE, OPTIONS';
  if (path === '/__mock/reset') return 'POST, OPTIONS';
  if (path === '/__mock/pending') return 'DELETE, OPTIONS';
  return undefined;
}

function unknownControlPath(path: string): PreparedAnswer {
  return error(
    404,
    `No control path ${JSON.stringify(path.slice(0, 100))}: use /__mock/requests, /__mock/near-misses, /__mock/coverage, /__mock/rules, /__mock/rules/{id}, /__mock/pending or /__mock/reset.`,
  );
}

/** A percent-encoded path segment decoded; `undefined` when its escapes are malformed (`%E0%A4%A`). */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function done(action: () => void): PreparedAnswer {
  return keyed(() => {
    action();
    return json(204, undefined);
  });
}

/** A control's answer; one the mock refuses without a key (`requireKey`) is a 400 saying so, which connectMock() throws again. */
function keyed(answer: () => PreparedAnswer): PreparedAnswer {
  try {
    return answer();
  } catch (caught) {
    if (caught instanceof MockKeyRequiredError) return error(400, caught.message, { keyRequired: true });
    throw caught;
  }
}

function json(status: number, value: unknown, extra: readonly string[] = []): PreparedAnswer {
  if (value === undefined) return prepareAnswer(status, undefined, Buffer.alloc(0), ['cache-control', 'no-store', ...extra]);
  return prepareAnswer(status, 'application/json', Buffer.from(JSON.stringify(value)), ['cache-control', 'no-store', ...extra]);
}

function error(status: number, message: string, extra: Record<string, unknown> = {}): PreparedAnswer {
  return json(status, { error: message, ...extra });
}

function notAllowed(method: string, path: string): PreparedAnswer {
  const allow = allowOf(path)!;
  const answer = error(405, `${path} answers ${allow}, not ${method.slice(0, 20)}.`);
  return { ...answer, headers: [...answer.headers, 'allow', allow] };
}
