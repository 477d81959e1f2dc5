// The OpenAPI 3.1 document of the control surface, derived from the route table: served at GET /__mock/openapi.json
// (with the served contract's operationIds) and written at build time into dist/control-openapi.json (the bundled
// contract's), so that a team in any language can generate or write a client for it.
import type { ContractModel } from '@thumbnail-api/spec/model';
import { mockHeader } from '@thumbnail-api/spec/profile';
import { operationNameOf } from '../contract/compile-operation.js';
import { CONTROL_ROUTES, type ControlRoute } from './control-routes.js';
import { controlSchemas } from './control-schemas.js';

const json = (schema: string, example?: unknown) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, ...(example === undefined ? {} : { example }) },
});

const tags = [
  { name: 'Journal', description: 'What the mock received, per API key, and the requests no rule answered.' },
  { name: 'Rules', description: 'Answers and faults chosen per test, checked against the contract when added; resetting a test.' },
  { name: 'Held requests', description: 'Requests a `hang` fault or a delay holds.' },
  { name: 'Coverage', description: 'What the requests exercised of the contract.' },
  { name: 'Document', description: 'This description of the control surface.' },
];

/** The control document for a mock serving `model`: its version is the contract's (the packages share it), its operationIds the contract's. */
export function controlDocument(model: ContractModel): Record<string, unknown> {
  const info = model.document.info as { version?: unknown } | undefined;
  const version = typeof info?.version === 'string' ? info.version : 'unversioned';
  const operationIds = model.operations.map(operationNameOf);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of CONTROL_ROUTES) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Thumbnail API mock: control surface',
      version,
      summary: 'Drive the Thumbnail API mock as a test double over HTTP: its journal, rules, held requests and coverage.',
      description: [
        'The routes under `/__mock` on the mock’s own port, as `connectMock()` drives them from JavaScript. Every route that takes `key` acts on that API key alone (`forKey(key)` sends it), so test files sharing one mock stay apart; a mock started with `--require-key` refuses the routes that would act on every key without it.',
        '',
        `Only the developer’s own tools drive it: a page on another origin is refused (403) unless the mock was started with \`--cors-origin\` naming it, a request with a body must be \`Content-Type: application/json\`, and a \`Host\` other than an IP address, \`localhost\` or an \`--allowed-host\` is refused. Those refusals are problem details with an \`${mockHeader('error')}\` header.`,
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'The mock at its default port (`npx @thumbnail-api/mock`).' }],
    security: [],
    tags,
    paths,
    components: {
      parameters: {
        key: {
          name: 'key',
          in: 'query',
          description: 'The full API key a test sends: the route acts on that key’s rules, requests and held requests alone.',
          schema: { type: 'string' },
        },
        operationId: {
          name: 'operationId',
          in: 'query',
          description: 'Only the requests to this operation of the served contract.',
          schema: { type: 'string', enum: operationIds },
        },
        id: { name: 'id', in: 'path', required: true, description: 'The id of a rule, as its POST answered it.', schema: { type: 'string' } },
      },
      responses: {
        Refused: {
          description: 'A page on an origin not named with `--cors-origin`, or a `Host` the mock does not answer.',
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/MockProblem' } } },
        },
        NotJson: {
          description: 'A body sent without `Content-Type: application/json`.',
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/MockProblem' } } },
        },
      },
      schemas: controlSchemas(operationIds),
    },
  };
}

function operationOf(route: ControlRoute): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [route.answer.status]: { description: route.answer.description, ...(route.answer.schema === undefined ? {} : { content: json(route.answer.schema) }) },
  };
  for (const refusal of route.refusals) responses[refusal.status] = { description: refusal.description, content: json('ControlError') };
  responses['403'] = { $ref: '#/components/responses/Refused' };
  if (route.body !== undefined) responses['415'] = { $ref: '#/components/responses/NotJson' };
  const parameters = [...(route.path.includes('{id}') ? ['id'] : []), ...route.query].map((name) => ({ $ref: `#/components/parameters/${name}` }));
  return {
    operationId: route.name,
    summary: `${route.summary[0]!.toUpperCase()}${route.summary.slice(1)}`,
    description: route.description,
    tags: [route.tag],
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(route.body === undefined
      ? {}
      : { requestBody: { required: true, description: route.body.description, content: json(route.body.schema, route.body.example) } }),
    responses,
  };
}
