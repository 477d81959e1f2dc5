// What an answer shows that the contract leaves open: a status it does not list, headers and body fields it does not
// name. Nothing here is wrong; it is what `--proxy --record` and `propose` can turn into a contract proposal.
import { type ContractModel, type ContractOperation, isJsonObject, type ResponseEntry } from '@thumbnail-api/spec/model';
import { type NamedAnswer, type Observed, observedIn, operationAt } from './findings.js';

/** Headers every HTTP answer may carry, which say nothing about this API. */
const GENERIC_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'server',
  'vary',
  'etag',
  'last-modified',
  'cache-control',
  'expires',
  'age',
  'via',
  'pragma',
]);

/** An answer to check, its body parsed when it is JSON. */
export interface ShownAnswer extends NamedAnswer {
  readonly operation: ContractOperation;
  readonly headerNames: readonly string[];
  /** The parsed JSON body, or `undefined` when it is not JSON. */
  readonly json: unknown;
}

/** What one answer shows that the contract leaves open (one finding per cause across answers: the run groups them). */
export function notShownIn(model: ContractModel, answer: ShownAnswer): Observed[] {
  const findings: Observed[] = [];
  const matched = answer.operation.response(answer.status);
  const at = operationAt(answer);
  const add = (check: string, message: string, location?: string) =>
    findings.push(observedIn(answer, { class: 'not-shown', check, ...(location ? { location } : {}) }, message));

  if (answer.status >= 400 && matched?.status !== String(answer.status)) {
    add(
      'undocumented_status',
      `${at}: the contract documents no ${answer.status} for ${answer.operationName}${matched ? ` (its ${matched.status} answer covers it)` : ''}.`,
    );
  }
  const documentedHeaders = new Set(Object.keys(isJsonObject(matched?.object.headers) ? matched.object.headers : {}).map((name) => name.toLowerCase()));
  const headers = answer.headerNames.filter((name) => !GENERIC_HEADERS.has(name) && !documentedHeaders.has(name));
  if (headers.length > 0)
    add('undocumented_header', `${at} carries header(s) the contract does not document: ${headers.sort().join(', ')}.`, 'response.headers');
  if (isJsonObject(answer.json) && matched !== undefined) {
    const declared = declaredFields(model, matched);
    if (declared !== undefined) {
      const fields = Object.keys(answer.json).filter((name) => !declared.has(name));
      if (fields.length > 0)
        add('undocumented_field', `${at} carries body field(s) the contract does not document: ${fields.sort().join(', ')}.`, 'response.body');
    }
  }
  return findings;
}

/** The property names the JSON schema of a response declares (through `$ref` and `allOf`); `undefined` without a schema. */
function declaredFields(model: ContractModel, response: ResponseEntry): Set<string> | undefined {
  const media = response.content.find((entry) => /json/i.test(entry.mediaType));
  if (media?.schema === undefined) return undefined;
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    const schema = model.resolve(node).value;
    if (!isJsonObject(schema) || seen.has(schema)) return;
    seen.add(schema);
    if (isJsonObject(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
    if (Array.isArray(schema.allOf)) schema.allOf.forEach(visit);
  };
  visit(media.schema);
  return names;
}
