// The control surface served from the route table: a request's path and method find its route (an unknown path gets a
// 404 listing the routes, a method the path does not answer a 405 with Allow, OPTIONS a 204 with Allow), its query, path
// and JSON body become the route's input, and what the route answers (or refuses) becomes a prepared answer, so any
// transport serves it. Never journaled.
import type { CompiledContract } from '../contract/compile-contract.js';
import type { MockControls } from '../double/controls.js';
import { MockKeyRequiredError } from '../double/key-scope.js';
import { MockRuleError } from '../double/rule-check.js';
import { syntaxErrorPlace } from '../http/json-syntax.js';
import { type PreparedAnswer, prepareAnswer } from '../http/prepared-answer.js';
import { controlDocument } from './control-document.js';
import { CONTROL_PREFIX, CONTROL_ROUTES, type ControlContext, type ControlInput, ControlRefusal, type ControlRoute, controlPaths } from './control-routes.js';

/** A control request as any transport hands it over. */
export interface ControlRequest {
  readonly method: string;
  /** The path and query under the mock's base URL, e.g. `/__mock/requests?key=...`. */
  readonly target: string;
  /** The body, or `undefined` when it is longer than `limit`. */
  readBody(limit: number): Promise<Buffer | undefined>;
}

/** The largest control request body read (a rules file sent at once is well below it). */
const controlBodyLimit = 1024 * 1024;
/** The methods in the order `Allow` lists them. */
const allowOrder = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];

/** Whether a request target is under the control prefix. */
export function isControlTarget(target: string): boolean {
  return target.startsWith(CONTROL_PREFIX) && (target.length === CONTROL_PREFIX.length || '/?'.includes(target[CONTROL_PREFIX.length]!));
}

/** The routes at `path` and the `{id}` it names, if any; `undefined` for a path that is none. Literal paths first. */
function routesAt(path: string): { routes: ControlRoute[]; id: string | undefined } | undefined {
  const literal = CONTROL_ROUTES.filter((route) => route.path === path);
  if (literal.length > 0) return { routes: literal, id: undefined };
  for (const route of CONTROL_ROUTES) {
    const at = route.path.indexOf('{id}');
    if (at === -1) continue;
    const prefix = route.path.slice(0, at);
    if (path.length > prefix.length && path.startsWith(prefix)) {
      return { routes: CONTROL_ROUTES.filter((candidate) => candidate.path === route.path), id: path.slice(prefix.length) };
    }
  }
  return undefined;
}

/** The methods a control path answers, for `OPTIONS` and `Allow`; `undefined` for a path that is none. */
export function allowOf(path: string): string | undefined {
  const found = routesAt(path);
  if (found === undefined) return undefined;
  const methods = new Set(found.routes.map((route) => route.method as string));
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return allowOrder.filter((method) => methods.has(method)).join(', ');
}

/** Answers a control request from the route table. */
export async function answerControl(context: ControlContext, request: ControlRequest): Promise<PreparedAnswer> {
  const at = request.target.indexOf('?');
  const path = at === -1 ? request.target : request.target.slice(0, at);
  const found = routesAt(path);
  if (found === undefined) return unknownControlPath(path);
  const { method } = request;
  const allow = allowOf(path)!;
  if (method === 'OPTIONS') return json(204, undefined, ['allow', allow]);
  const route = found.routes.find((candidate) => candidate.method === method || (method === 'HEAD' && candidate.method === 'GET'));
  if (route === undefined) return withAllow(error(405, `${path} answers ${allow}, not ${method.slice(0, 20)}.`), allow);
  try {
    const input = await inputOf(route, new URLSearchParams(at === -1 ? '' : request.target.slice(at + 1)), found.id, request);
    const value = await route.serve(context, input);
    return json(route.answer.status, route.answer.status === 204 ? undefined : value);
  } catch (caught) {
    if (caught instanceof ControlRefusal) return error(caught.status, caught.message, caught.extra);
    if (caught instanceof MockRuleError) return error(400, caught.message, { field: caught.field });
    // A control the mock refuses without a key (`requireKey`): connectMock() throws it again as a MockKeyRequiredError.
    if (caught instanceof MockKeyRequiredError) return error(400, caught.message, { keyRequired: true });
    throw caught;
  }
}

/** The route's input: the query parameters it reads, its `{id}` (decoded) and its JSON body. */
async function inputOf(route: ControlRoute, params: URLSearchParams, rawId: string | undefined, request: ControlRequest): Promise<ControlInput> {
  const input: { -readonly [Name in keyof ControlInput]: ControlInput[Name] } = {};
  for (const name of route.query) input[name] = params.get(name) ?? undefined;
  if (rawId !== undefined) {
    try {
      input.id = decodeURIComponent(rawId);
    } catch {
      throw new ControlRefusal(
        400,
        `The rule id in ${JSON.stringify(rawId.slice(0, 100))} is not valid percent-encoding; send the id as POST /__mock/rules gave it.`,
      );
    }
  }
  if (route.body !== undefined) {
    const body = await request.readBody(controlBodyLimit);
    if (body === undefined) throw new ControlRefusal(413, `A control request body is at most ${controlBodyLimit} bytes of JSON.`);
    const text = body.toString('utf8');
    try {
      input.body = JSON.parse(text);
    } catch {
      // Where it breaks, never quoting it: the text may hold a key.
      const what = route.body.description.replace(/^./, (first) => first.toLowerCase()).replace(/\.$/, '');
      throw new ControlRefusal(400, `The body is not JSON${syntaxErrorPlace(text)}. Send ${what} as JSON, e.g. ${JSON.stringify(route.body.example)}.`);
    }
  }
  return input;
}

function unknownControlPath(path: string): PreparedAnswer {
  const paths = controlPaths();
  return error(404, `No control path ${JSON.stringify(path.slice(0, 100))}: use ${paths.slice(0, -1).join(', ')} or ${paths.at(-1)}.`);
}

function json(status: number, value: unknown, extra: readonly string[] = []): PreparedAnswer {
  if (value === undefined) return prepareAnswer(status, undefined, Buffer.alloc(0), ['cache-control', 'no-store', ...extra]);
  return prepareAnswer(status, 'application/json', Buffer.from(JSON.stringify(value)), ['cache-control', 'no-store', ...extra]);
}

function error(status: number, message: string, extra: Record<string, unknown> = {}): PreparedAnswer {
  return json(status, { error: message, ...extra });
}

function withAllow(answer: PreparedAnswer, allow: string): PreparedAnswer {
  return { ...answer, headers: [...answer.headers, 'allow', allow] };
}

/** What the routes work with for a mock serving `contract`: its controls, and its control document, made on first need. */
export function controlContext(controls: MockControls, contract: CompiledContract): ControlContext {
  let document: unknown;
  return {
    controls,
    document() {
      document ??= controlDocument(contract.model);
      return document;
    },
  };
}
