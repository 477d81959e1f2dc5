// The sides the contract took where the service is silent (`x-assumptions`): each entry's id, the sentence the
// reference shows, and, where an answer of the service can show it, the observation that decides it (which
// `thumbnail-api-verify` makes). One reader, so the docs and verify read the entries alike.
import { isJsonObject, type JsonObject, walkContract } from './contract-walk.js';
import { formatPointer, pointerToRef } from './json-pointer.js';

/** The extension listing the sides this contract took where the service is silent. */
export const ASSUMPTIONS_KEY = 'x-assumptions';

/** An exact status (`200`) or a range (`4XX`), as OpenAPI writes response keys. */
export type StatusPattern = string;

/** Which answers of the service test an assumption, and what they show when it holds. */
export interface AssumptionCheck {
  /** The kinds of request whose answers test it (`valid-request`, `missing-required-field`, ...); any when absent. */
  readonly probes: readonly string[] | undefined;
  /** The statuses of the answers that test it; any answer when absent. */
  readonly answers: readonly StatusPattern[] | undefined;
  /** What every such answer shows when the assumption holds; any other such answer contradicts it. */
  readonly confirmedBy: {
    /** Its status is one of these. */
    readonly status: readonly StatusPattern[] | undefined;
    /** It fits what the contract documents for its status (media type, body, headers). */
    readonly conforms: boolean;
  };
}

/** One entry of an `x-assumptions` list. */
export interface ContractAssumption {
  /** Unique in the contract, kebab-case, e.g. `prompt-required`. */
  readonly id: string;
  /** The sentence the reference shows. */
  readonly text: string;
  /** Where the entry sits: the JSON pointer of the object carrying the list, e.g. `/paths/~1api~1thumbnails/post`. */
  readonly pointer: string;
  /** How an answer decides it; `undefined` when no answer of the service can (it is about the contract itself). */
  readonly check: AssumptionCheck | undefined;
}

/** An `x-assumptions` entry that is not in the documented form; the message names the place and the fix. */
export class ContractAssumptionError extends Error {
  override readonly name = 'ContractAssumptionError';
}

const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const STATUS_PATTERN = /^[1-5](\d\d|XX)$/;
const FORM =
  'Write each entry as { id: kebab-case, text: the sentence, check?: { probes?: [kinds], answers?: [statuses], confirmedBy: { status?: [statuses], conforms?: true } } } (spec/README.md).';

/** The `x-assumptions` entries of the object at `pointer`, in order; throws a {@link ContractAssumptionError} naming a malformed one. */
export function readAssumptions(node: JsonObject, pointer: string): ContractAssumption[] {
  const list = node[ASSUMPTIONS_KEY];
  if (list === undefined) return [];
  const where = `${pointerToRef(pointer)}/${ASSUMPTIONS_KEY}`;
  if (!Array.isArray(list)) throw new ContractAssumptionError(`${where} must be a list, found ${JSON.stringify(list)}. ${FORM}`);
  return list.map((entry, index) => readEntry(entry, `${where}/${index}`, pointer));
}

/** Every assumption of the document, in document order; throws naming a malformed entry or an id used twice. */
export function collectAssumptions(document: unknown): ContractAssumption[] {
  const found: ContractAssumption[] = [];
  walkContract(document, (node, keys) => found.push(...readAssumptions(node, formatPointer(keys))));
  const seen = new Map<string, string>();
  for (const assumption of found) {
    const first = seen.get(assumption.id);
    if (first !== undefined) {
      throw new ContractAssumptionError(
        `The assumption id ${assumption.id} is used twice, at ${pointerToRef(first)} and ${pointerToRef(assumption.pointer)}; give each entry its own id.`,
      );
    }
    seen.set(assumption.id, assumption.pointer);
  }
  return found;
}

/** Whether `status` matches a pattern: the same code, or its range (`4XX`). */
export function statusMatches(pattern: StatusPattern, status: number): boolean {
  return pattern.endsWith('XX') ? pattern[0] === String(status)[0] && status >= 100 && status <= 599 : pattern === String(status);
}

function readEntry(entry: unknown, where: string, pointer: string): ContractAssumption {
  const fail = (problem: string): never => {
    throw new ContractAssumptionError(`${where} ${problem}. ${FORM}`);
  };
  if (!isJsonObject(entry)) return fail(`must be an object, found ${JSON.stringify(entry)}`);
  const unknown = Object.keys(entry).filter((key) => !['id', 'text', 'check'].includes(key));
  if (unknown.length > 0) fail(`has unknown field(s) ${unknown.join(', ')}`);
  if (typeof entry.id !== 'string' || !ID.test(entry.id)) fail(`needs an id in kebab-case, found ${JSON.stringify(entry.id)}`);
  if (typeof entry.text !== 'string' || entry.text.trim() === '') fail('needs its sentence in text');
  return {
    id: entry.id as string,
    text: entry.text as string,
    pointer,
    check: entry.check === undefined ? undefined : readCheck(entry.check, fail),
  };
}

function readCheck(check: unknown, fail: (problem: string) => never): AssumptionCheck {
  if (!isJsonObject(check)) return fail('has a check that is not an object');
  const unknown = Object.keys(check).filter((key) => !['probes', 'answers', 'confirmedBy'].includes(key));
  if (unknown.length > 0) fail(`has unknown check field(s) ${unknown.join(', ')}`);
  const confirmedBy = check.confirmedBy;
  if (!isJsonObject(confirmedBy)) return fail('has a check without confirmedBy');
  const extra = Object.keys(confirmedBy).filter((key) => !['status', 'conforms'].includes(key));
  if (extra.length > 0) fail(`has unknown confirmedBy field(s) ${extra.join(', ')}`);
  if (confirmedBy.conforms !== undefined && typeof confirmedBy.conforms !== 'boolean') fail('has a confirmedBy.conforms that is not true or false');
  const status = statuses(confirmedBy.status, 'confirmedBy.status', fail);
  const conforms = confirmedBy.conforms === true;
  if (status === undefined && !conforms) fail('has a confirmedBy that confirms nothing (give status, or conforms: true)');
  const probes = check.probes;
  if (probes !== undefined && (!Array.isArray(probes) || probes.length === 0 || probes.some((kind) => typeof kind !== 'string' || !ID.test(kind)))) {
    fail('has check.probes that is not a list of kebab-case probe kinds');
  }
  return { probes: probes as string[] | undefined, answers: statuses(check.answers, 'check.answers', fail), confirmedBy: { status, conforms } };
}

function statuses(value: unknown, field: string, fail: (problem: string) => never): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string' || !STATUS_PATTERN.test(item))) {
    return fail(`has ${field} that is not a list of statuses such as '200' or '4XX'`);
  }
  return value as string[];
}
