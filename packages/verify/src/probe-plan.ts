// What `verify` sends, decided from the contract before anything is sent: for each documented GET, the authentication
// probes; for each documented POST with a JSON body, the valid and invalid bodies that the POST budget may pay for.
// Nothing else: no other method, no operation the contract does not describe.
import {
  type ApiKeyForm,
  type ContractAssumption,
  type ContractModel,
  type ContractOperation,
  describeApiKeyForm,
  isJsonObject,
} from '@thumbnail-api/spec/model';
import { FORBIDDEN_KEY_VARIABLE, isBilled } from '@thumbnail-api/spec/profile';
import { appliesTo } from './assumption-checks.js';

/** The kinds of request, as `x-assumptions` checks name them in `probes`. */
export const PROBE_KINDS = [
  'valid-request',
  'both-schemes',
  'no-key',
  'invalid-key',
  'forbidden-key',
  'missing-required-field',
  'wrong-type-field',
  'malformed-json',
  'unsupported-media-type',
] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** The kinds a POST may be spent on, in the order the budget goes to them by default: the valid request first. */
export const POST_PROBE_KINDS: readonly ProbeKind[] = [
  'valid-request',
  'missing-required-field',
  'wrong-type-field',
  'malformed-json',
  'unsupported-media-type',
  'no-key',
];

/**
 * How a probe carries credentials, in the forms the contract's security schemes describe: `key`, the key in each of
 * `forms` (several: every documented way at once); `invalid` and `forbidden`, a made-up key and the key without access
 * in the preferred form; `none`; `working`, the key the way a GET showed it is accepted.
 */
export type Credentials = { readonly send: 'key' | 'invalid' | 'forbidden'; readonly forms: readonly ApiKeyForm[] } | { readonly send: 'none' | 'working' };

/** One request to send. */
export interface Probe {
  readonly id: string;
  readonly kind: ProbeKind | 'not-probed';
  readonly operation: ContractOperation;
  /** The operationId, else `METHOD /path`. */
  readonly operationName: string;
  readonly method: string;
  readonly path: string;
  readonly credentials: Credentials;
  readonly contentType: string | undefined;
  readonly body: Buffer | undefined;
  readonly title: string;
  readonly why: string;
  /** For a POST: why it counts against the budget. */
  readonly billing: string | undefined;
  /** Set when the plan already knows it is not sent. */
  readonly skipped: string | undefined;
}

export interface PlanOptions {
  /** The prompts of the valid POSTs, one POST each. */
  readonly prompts: readonly string[];
  /** Which POST probes the budget goes to, in this order. */
  readonly postKinds: readonly ProbeKind[];
  /** Whether a key without access is set (FORBIDDEN_KEY_VARIABLE). */
  readonly forbiddenKey: boolean;
  /** The ways the contract takes the key (`apiKeyFormsOf(model).forms`), the preferred first. */
  readonly forms: readonly ApiKeyForm[];
  readonly assumptions: readonly ContractAssumption[];
  readonly model: ContractModel;
}

/** A key no service issues, sent as the invalid key (and shown as it is in reports: it is no secret). */
export const INVALID_KEY = 'invalid-key-sent-by-thumbnail-api-verify';

/** Every request of the run, GETs first (they are free, and show whether the key works before a POST is spent). */
export function planProbes(options: PlanOptions): Probe[] {
  const { model } = options;
  const reads: Probe[] = [];
  const writes: Probe[] = [];
  for (const operation of model.operations) {
    const name = operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`;
    const base = { operation, operationName: name, method: operation.method.toUpperCase(), path: operation.path };
    const unsent = (why: string) => notProbed(base, `${name}.not-probed`, 'any request', why);
    if (operation.method === 'get') {
      const required = requiredParameters(model, operation);
      if (required.length > 0) reads.push(unsent(`It needs ${required.join(', ')}, which verify has no values for.`));
      else reads.push(...readProbes(base, name, options));
    } else if (operation.method === 'post') {
      writes.push(...writeProbes(model, base, name, options));
    } else {
      reads.push(unsent(`verify never sends ${base.method}: only GET, and POST within --allow-billing.`));
    }
  }
  return [...reads, ...writes];
}

type Base = Pick<Probe, 'operation' | 'operationName' | 'method' | 'path'>;

function readProbes(base: Base, name: string, options: PlanOptions): Probe[] {
  const probe = (kind: ProbeKind, credentials: Credentials, suffix: string, title: string, why: string): Probe => ({
    ...base,
    id: `${name}.${kind}${suffix}`,
    kind,
    credentials,
    contentType: undefined,
    body: undefined,
    title,
    why: withAssumptions(why, kind, base, options),
    billing: undefined,
    skipped: undefined,
  });
  const [preferred, ...others] = options.forms;
  if (preferred === undefined) return [probe('valid-request', { send: 'none' }, '', 'no key', 'The success answer: the contract takes no key.')];
  const probes = options.forms.map((form) =>
    probe(
      'valid-request',
      { send: 'key', forms: [form] },
      `.${formId(form)}`,
      `the key ${keyWay(form)}`,
      form === preferred
        ? 'The success answer, with the key sent the way the contract prefers.'
        : `The contract documents ${describeApiKeyForm(form)} as an alternative to ${describeApiKeyForm(preferred)}.`,
    ),
  );
  if (others.length > 0) {
    const headers = options.forms.every((form) => form.kind === 'header' || form.kind === 'bearer');
    const every = headers && options.forms.length === 2 ? 'both headers' : `every documented way (${options.forms.map(describeApiKeyForm).join(', ')})`;
    const why = `${options.forms.map(describeApiKeyForm).join(' and ')} at once: the contract does not say what happens.`;
    probes.push(probe('both-schemes', { send: 'key', forms: options.forms }, '', `the key in ${every}`, why));
  }
  probes.push(
    probe('no-key', { send: 'none' }, '', 'no key', 'A request without credentials: the contract documents 401.'),
    probe('invalid-key', { send: 'invalid', forms: [preferred] }, '', 'a made-up key', 'A key the service never issued: the contract documents 401.'),
  );
  const forbidden = probe(
    'forbidden-key',
    { send: 'forbidden', forms: [preferred] },
    '',
    FORBIDDEN_KEY_VARIABLE,
    'A key without access: the contract documents 403.',
  );
  probes.push(options.forbiddenKey ? forbidden : { ...forbidden, skipped: `${FORBIDDEN_KEY_VARIABLE} is not set.` });
  return probes;
}

function writeProbes(model: ContractModel, base: Base, name: string, options: PlanOptions): Probe[] {
  const media = base.operation.requestBody?.content.find((entry) => /^application\/json\s*(;|$)/i.test(entry.mediaType));
  if (media === undefined) {
    return [notProbed(base, `${name}.not-probed`, 'any request', 'It takes no JSON body, which is all verify sends.')];
  }
  const schema = model.resolve(media.schema).value;
  const properties = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
  const required = isJsonObject(schema) && Array.isArray(schema.required) ? schema.required.filter((item): item is string => typeof item === 'string') : [];
  const example = media.examples[0]?.value;
  const valid = (prompt: string): Record<string, unknown> => {
    const body: Record<string, unknown> = isJsonObject(example) ? { ...example } : {};
    for (const field of required) if (!(field in body)) body[field] = prompt;
    if ('prompt' in properties || 'prompt' in body) body.prompt = prompt;
    return body;
  };
  const prompt = options.prompts[0]!;
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const probe = (kind: ProbeKind, suffix: string, body: Buffer, title: string, why: string, contentType = 'application/json'): Probe => ({
    ...base,
    id: `${name}.${kind}${suffix}`,
    kind,
    credentials: { send: kind === 'no-key' ? 'none' : 'working' },
    contentType,
    body,
    title,
    why: withAssumptions(why, kind, base, options),
    billing:
      kind === 'valid-request'
        ? isBilled(base.operation.operationId)
          ? `The service bills each call of ${name}: this one may generate, and bill, what it asks for.`
          : `A POST to ${name} may generate, and bill, what it asks for.`
        : 'Every POST counts: the contract does not document that this request is refused before any work.',
    skipped: undefined,
  });
  const byKind: Record<string, Probe[]> = {
    'valid-request': options.prompts.map((text, index) =>
      probe(
        'valid-request',
        options.prompts.length > 1 ? `.${index + 1}` : '',
        json(valid(text)),
        `prompt ${JSON.stringify(text)}`,
        'A request the contract accepts: the success answer.',
      ),
    ),
    'missing-required-field': required.map((field) => {
      const { [field]: _, ...rest } = valid(prompt);
      return probe('missing-required-field', `.${field}`, json(rest), `a body without ${field}`, `Whether ${field} is required.`);
    }),
    'wrong-type-field': required
      .filter((field) => isJsonObject(properties[field]) && properties[field].type === 'string')
      .map((field) =>
        probe('wrong-type-field', `.${field}`, json({ ...valid(prompt), [field]: 42 }), `${field} as a number`, `A ${field} that is not a string.`),
      ),
    'malformed-json': [
      probe('malformed-json', '', Buffer.from(JSON.stringify(valid(prompt)).slice(0, -1)), 'a body that is not JSON', 'A JSON body cut short.'),
    ],
    'unsupported-media-type': [
      probe('unsupported-media-type', '', Buffer.from(prompt), 'the prompt as text/plain', 'A body in a media type the contract does not take.', 'text/plain'),
    ],
    'no-key': [probe('no-key', '', json(valid(prompt)), 'no key', 'A valid body without credentials: the contract documents 401.')],
  };
  const chosen = options.postKinds.flatMap((kind) => byKind[kind] ?? []);
  return [
    ...chosen,
    notProbed(base, `${name}.oversized-body`, 'a body over the size limit', 'The contract states no size limit, so there is none to go over.'),
  ];
}

/** How a title says the key travels: `in x-api-key`, `as Authorization: Bearer`, `in the query parameter k`, `in the cookie k`. */
export function keyWay(form: ApiKeyForm): string {
  return form.kind === 'bearer' ? `as ${describeApiKeyForm(form)}` : form.kind === 'header' ? `in ${form.name}` : `in the ${describeApiKeyForm(form)}`;
}

/** A form in a probe's id: the header's name in lower case, `bearer`, `query-<name>`, `cookie-<name>`. */
function formId(form: ApiKeyForm): string {
  return form.kind === 'bearer' ? 'bearer' : form.kind === 'header' ? form.name.toLowerCase() : `${form.kind}-${form.name}`;
}

/** The reason, followed by the assumptions whose checks this kind of answer decides. */
function withAssumptions(why: string, kind: ProbeKind, base: Base, options: PlanOptions): string {
  const ids = options.assumptions
    .filter((assumption) => assumption.check?.probes?.includes(kind) && appliesTo(options.model, assumption, base.operation, undefined))
    .map((assumption) => assumption.id);
  return ids.length === 0 ? why : `${why} Tests ${ids.length === 1 ? 'the assumption' : 'the assumptions'} ${ids.join(', ')}.`;
}

/** An operation, or a request of one, that the run does not send, and why. */
function notProbed(base: Base, id: string, title: string, why: string): Probe {
  return {
    ...base,
    id,
    kind: 'not-probed',
    credentials: { send: 'none' },
    contentType: undefined,
    body: undefined,
    title,
    why,
    billing: undefined,
    skipped: why,
  };
}

function requiredParameters(model: ContractModel, operation: ContractOperation): string[] {
  const pathItem = model.get(operation.pointer.slice(0, operation.pointer.lastIndexOf('/')));
  const lists = [operation.object.parameters, isJsonObject(pathItem) ? pathItem.parameters : undefined];
  return lists
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((parameter) => model.resolve(parameter).value)
    .filter((parameter) => isJsonObject(parameter) && (parameter.required === true || parameter.in === 'path'))
    .map((parameter) => `the ${String((parameter as Record<string, unknown>).in)} parameter ${String((parameter as Record<string, unknown>).name)}`);
}
