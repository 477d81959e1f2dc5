// The one table of the control surface under `/__mock`, as WireMock's AdminRoutes: each route once, with what it takes
// and answers and the test-double member it carries out. The server dispatches from it (control-server.ts), connectMock()
// builds its requests from it (control-client.ts), --help and the 404 list it, and the control document describes it
// (control-document.ts). A new capability is one entry here.
import type { MockControls } from '../double/controls.js';

/** What a control request carries, read from its query, its path and its JSON body: the same for the server and the client. */
export interface ControlInput {
  readonly key?: string;
  readonly operationId?: string;
  /** The `{id}` of the path. */
  readonly id?: string;
  readonly body?: unknown;
}

/** The test double's members the routes carry out, and `removeRule`: a rule handle's `remove()`. */
export type ControlMember =
  | 'rule'
  | 'rules'
  | 'requests'
  | 'droppedRequests'
  | 'nearMisses'
  | 'coverage'
  | 'clearRequests'
  | 'clearRules'
  | 'endPending'
  | 'reset'
  | 'removeRule';

/** What a route works with in this process. */
export interface ControlContext {
  readonly controls: MockControls;
  /** The control document of the served contract. */
  document(): unknown;
}

/** A query parameter a route reads. */
export type ControlParameter = 'key' | 'operationId';

/** A refusal a route may answer with, besides those before the routes (a Host or Origin refused: 403). */
export interface ControlRefusalDoc {
  readonly status: 400 | 404 | 413;
  readonly description: string;
}

export interface ControlRoute {
  /** The route's operationId in the control document, e.g. `listRequests`. */
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** E.g. `/__mock/rules/{id}`: at most one path parameter, `id`. */
  readonly path: string;
  readonly tag: 'Journal' | 'Rules' | 'Held requests' | 'Coverage' | 'Document';
  /** What it does, in a few words: the document's title of the route, and its line in --help. */
  readonly summary: string;
  /** What it answers, in short, after the summary in --help (the document shows the schema instead). */
  readonly answers?: string;
  readonly description: string;
  readonly query: readonly ControlParameter[];
  /** The JSON body it takes: a schema of the document's components, and an example. */
  readonly body?: { readonly schema: string; readonly description: string; readonly example: unknown };
  /** Its answer: the status, the schema of its JSON body (none for a 204), and the field a member answers with (else all of it). */
  readonly answer: { readonly status: 200 | 201 | 204; readonly description: string; readonly schema?: string; readonly field?: string };
  readonly refusals: readonly ControlRefusalDoc[];
  /** The test double's member it carries out (none for the document). */
  readonly member: ControlMember | undefined;
  /** With `member` `rule`: its answer is a handle whose `remove()` is this member. */
  readonly handle?: ControlMember;
  /** For a client: a 404 means done (a rule already gone is removed, as in this process). */
  readonly absentIsDone?: boolean;
  /** Carries it out in this process: the answer's body (`undefined` for a 204); throws a {@link ControlRefusal} or the double's errors. */
  serve(context: ControlContext, input: ControlInput): unknown;
}

/** A refusal a route answers with `status` and `{error, ...extra}`. */
export class ControlRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ControlRefusal';
  }
}

/** The prefix of every control path; a contract with a path under it cannot be served with the control surface on. */
export const CONTROL_PREFIX = '/__mock';

const keyRequired: ControlRefusalDoc = {
  status: 400,
  description: 'The mock requires a key (`--require-key`) and the request acts on every key: send `?key=`. The body has `keyRequired: true`.',
};
const scoped = 'With `?key=`, of that key alone.';

export const CONTROL_ROUTES: readonly ControlRoute[] = [
  {
    name: 'listRequests',
    method: 'GET',
    path: '/__mock/requests',
    tag: 'Journal',
    summary: 'the journal',
    answers: '{"requests": [...], "dropped": n}',
    description: `Every request the mock received (not those to /__mock), oldest first, with what it answered; keys redacted. ${scoped}`,
    query: ['operationId', 'key'],
    answer: { status: 200, description: 'The journal.', schema: 'Journal', field: 'requests' },
    refusals: [],
    member: 'requests',
    serve: ({ controls }, input) => ({
      requests: controls.requests({ operationId: input.operationId, key: input.key }),
      dropped: controls.journal.droppedOf(input.key),
    }),
  },
  {
    name: 'countDroppedRequests',
    method: 'GET',
    path: '/__mock/requests/dropped',
    tag: 'Journal',
    summary: 'how many requests the journal no longer keeps',
    answers: '{"dropped": n}',
    description: `Requests no longer in the journal: it keeps the last --journal-size of each key. ${scoped}`,
    query: ['key'],
    answer: { status: 200, description: 'The count.', schema: 'DroppedRequests', field: 'dropped' },
    refusals: [],
    member: 'droppedRequests',
    serve: ({ controls }, input) => ({ dropped: controls.journal.droppedOf(input.key) }),
  },
  {
    name: 'clearRequests',
    method: 'DELETE',
    path: '/__mock/requests',
    tag: 'Journal',
    summary: 'forget the journal',
    description: `Forgets the journal's entries. ${scoped}`,
    query: ['key'],
    answer: { status: 204, description: 'Forgotten.' },
    refusals: [keyRequired],
    member: 'clearRequests',
    serve: ({ controls }, input) => controls.clearRequests(input.key),
  },
  {
    name: 'listNearMisses',
    method: 'GET',
    path: '/__mock/near-misses',
    tag: 'Journal',
    summary: "requests their operation's rules did not answer, with the nearest rule and why",
    description: `The journal's requests that no rule answered though their operation had rules, newest first. ${scoped}`,
    query: ['operationId', 'key'],
    answer: { status: 200, description: 'The near misses.', schema: 'NearMisses', field: 'nearMisses' },
    refusals: [],
    member: 'nearMisses',
    serve: ({ controls }, input) => ({ nearMisses: controls.nearMisses({ operationId: input.operationId, key: input.key }) }),
  },
  {
    name: 'getCoverage',
    method: 'GET',
    path: '/__mock/coverage',
    tag: 'Coverage',
    summary: 'per operation, each documented outcome and how many requests saw it',
    description: `What the requests exercised of the contract, for the whole run (a reset leaves it). ${scoped}`,
    query: ['key'],
    answer: { status: 200, description: 'The coverage report.', schema: 'CoverageReport' },
    refusals: [],
    member: 'coverage',
    serve: ({ controls }, input) => controls.coverageReport(input.key),
  },
  {
    name: 'listRules',
    method: 'GET',
    path: '/__mock/rules',
    tag: 'Rules',
    summary: 'the rules in force',
    answers: '{"rules": [{"id", "calls", "rule"}]}',
    description: `The rules in force, oldest first; keys shown by their last four characters. ${scoped}`,
    query: ['key'],
    answer: { status: 200, description: 'The rules in force.', schema: 'RulesInForce', field: 'rules' },
    refusals: [],
    member: 'rules',
    serve: ({ controls }, input) => ({ rules: controls.rulesInForce(input.key) }),
  },
  {
    name: 'addRules',
    method: 'POST',
    path: '/__mock/rules',
    tag: 'Rules',
    summary: 'add a rule (or an array)',
    answers: '201 {"id"}, or 400 {"error", "field"}',
    description: 'Adds a rule (newest rules are tried first), or an array of rules (one refused adds none). With `?key=` the rules match only that key.',
    query: ['key'],
    body: {
      schema: 'RuleOrRules',
      description: 'A rule (or an array of rules).',
      example: { operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } },
    },
    answer: { status: 201, description: 'Added: the id (or ids) of the rule(s).', schema: 'AddedRules', field: 'id' },
    refusals: [
      { status: 400, description: 'A rule the contract refuses, or that could never match, or a body that is not JSON: `field` names the part at fault.' },
      { status: 413, description: 'A body over 1 MiB.' },
    ],
    member: 'rule',
    handle: 'removeRule',
    async serve({ controls }, input) {
      if (Array.isArray(input.body)) return { ids: (await controls.addRules(input.body, input.key)).map((rule) => rule.id) };
      return { id: (await controls.addRule(input.body, input.key)).id };
    },
  },
  {
    name: 'clearRules',
    method: 'DELETE',
    path: '/__mock/rules',
    tag: 'Rules',
    summary: 'remove the rules',
    description: `Removes the rules, in force and used up. ${scoped}`,
    query: ['key'],
    answer: { status: 204, description: 'Removed.' },
    refusals: [keyRequired],
    member: 'clearRules',
    serve: ({ controls }, input) => controls.clearRules(input.key),
  },
  {
    name: 'removeRule',
    method: 'DELETE',
    path: '/__mock/rules/{id}',
    tag: 'Rules',
    summary: "remove one rule (with a key, only if it is that key's)",
    description: 'Removes one rule, by the id its POST answered. With `?key=`, only a rule of that key.',
    query: ['key'],
    answer: { status: 204, description: 'Removed.' },
    refusals: [
      { status: 400, description: 'An id that is not valid percent-encoding.' },
      { status: 404, description: 'No such rule in force (its `times` may be used up).' },
    ],
    member: 'removeRule',
    absentIsDone: true,
    serve({ controls }, input) {
      if (controls.removeRule(input.id!, input.key)) return undefined;
      const which = JSON.stringify(input.id!.slice(0, 100));
      throw new ControlRefusal(404, `No rule ${which} is in force${input.key === undefined ? '' : ' for this key'} (its "times" may be used up).`);
    },
  },
  {
    name: 'endPending',
    method: 'DELETE',
    path: '/__mock/pending',
    tag: 'Held requests',
    summary: 'end the requests a hang or a delay holds',
    answers: '{"ended": n}',
    description: `Ends the requests a \`hang\` fault or a delay holds, as a network error for their clients. ${scoped}`,
    query: ['key'],
    answer: { status: 200, description: 'How many were ended.', schema: 'EndedRequests', field: 'ended' },
    refusals: [keyRequired],
    member: 'endPending',
    serve: ({ controls }, input) => ({ ended: controls.endPending(input.key) }),
  },
  {
    name: 'reset',
    method: 'POST',
    path: '/__mock/reset',
    tag: 'Rules',
    summary: 'remove the rules, forget the journal, end held requests',
    description: `Removes the rules, forgets the journal and ends held requests, so that nothing of a test outlives it (coverage stays). ${scoped}`,
    query: ['key'],
    answer: { status: 204, description: 'Reset.' },
    refusals: [keyRequired],
    member: 'reset',
    serve: ({ controls }, input) => controls.reset(input.key),
  },
  {
    name: 'getControlDocument',
    method: 'GET',
    path: '/__mock/openapi.json',
    tag: 'Document',
    summary: 'this surface as an OpenAPI 3.1 document',
    description: 'The OpenAPI 3.1 document of the control surface, for a client in any language.',
    query: [],
    answer: { status: 200, description: 'The document.', schema: 'ControlDocument' },
    refusals: [],
    member: undefined,
    serve: ({ document }) => document(),
  },
];

/** The route that carries out `member`. */
export function routeOf(member: ControlMember): ControlRoute {
  const route = CONTROL_ROUTES.find((candidate) => candidate.member === member);
  if (route === undefined) throw new Error(`No control route carries out ${member}.`);
  return route;
}

/** The routes' paths, as the 404 of an unknown control path lists them. */
export function controlPaths(): string[] {
  return [...new Set(CONTROL_ROUTES.map((route) => route.path))];
}
