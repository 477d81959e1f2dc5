// Rules that could never match are refused when added, naming the field: a body matcher on an operation that takes no
// body, a field its request schema does not name, a value its schema refuses, a key the registry answers first.
import { type ContractModel, escapeSegment } from '@thumbnail-api/spec/model';
import type { ContractValidator } from '@thumbnail-api/spec/validator';
import type { CompiledOperation } from '../contract/compile-operation.js';
import { nearestOf } from './nearest-name.js';
import { type CheckedRule, MockRuleError } from './rule-check.js';

/** Why the key registry answers `key` before any rule is looked at (e.g. `key not in the registry`), or `undefined` for a key it lets through. */
export type KeyBlock = (key: string) => string | undefined;

/** Refuses a checked rule that could never match; throws a {@link MockRuleError} naming the field. */
export function checkReach(rule: CheckedRule, model: ContractModel, validator: ContractValidator, blocked: KeyBlock | undefined): void {
  if (rule.body !== undefined) checkBodyMatcher(rule.body, rule.operation, model, validator);
  const block = rule.key === undefined ? undefined : blocked?.(rule.key);
  if (block !== undefined) {
    throw new MockRuleError(
      `The key registry answers this key before any rule is looked at (${block}), so the rule could never match; scope it to an "ok" key of the registry.`,
      'key',
    );
  }
}

/** Checks a rule's `body` matcher against the operation's request body schema; throws a {@link MockRuleError} naming the field. */
export function checkBodyMatcher(
  body: Readonly<Record<string, unknown>>,
  operation: CompiledOperation,
  model: ContractModel,
  validator: ContractValidator,
): void {
  const media = operation.source.requestBody?.content[0];
  if (media === undefined) {
    throw new MockRuleError(`${operation.name} takes no request body, so a "body" matcher could never match; leave "body" out.`, 'body');
  }
  if (media.schemaPointer === undefined) return;
  const fields = documentedFields(model, media.schema, media.schemaPointer);
  // A schema that names no field (or chooses between shapes) leaves every field possible.
  if (fields === undefined) return;
  for (const [field, value] of Object.entries(body)) {
    const pointer = fields.get(field);
    if (pointer === undefined) {
      const names = [...fields.keys()];
      const nearest = nearestOf(field, names);
      throw new MockRuleError(
        `${operation.name}'s request body has no field "${field}"${nearest ? ` (did you mean "${nearest}"?)` : ''}, so "body.${field}" could never match; the contract names ${names.map((name) => `"${name}"`).join(', ')}.`,
        `body.${field}`,
      );
    }
    const validate = validator.schemaAt(pointer);
    if (!validate(value)) {
      const problems = (validate.errors ?? []).map((error) => `${error.message ?? 'is invalid'} (schema rule "${error.keyword}")`);
      throw new MockRuleError(
        `"body.${field}" could never match: ${JSON.stringify(value)?.slice(0, 100)} is not a value ${operation.name}'s request schema allows there: ${problems.join('; ')}.`,
        `body.${field}`,
      );
    }
  }
}

/** The fields an object schema names (its own `properties` and those of its `allOf` parts), with their pointers; `undefined` when it names none. */
function documentedFields(model: ContractModel, schema: unknown, pointer: string): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  let open = false;
  const visit = (value: unknown, at: string) => {
    const located = model.resolve(value, at);
    const object = located.value;
    if (typeof object !== 'object' || object === null) return;
    const { properties, allOf, oneOf, anyOf } = object as Record<string, unknown>;
    // A choice between shapes: which fields a request has depends on the branch.
    if (oneOf !== undefined || anyOf !== undefined) open = true;
    if (typeof properties === 'object' && properties !== null) {
      for (const name of Object.keys(properties)) fields.set(name, `${located.pointer}/properties/${escapeSegment(name)}`);
    }
    if (Array.isArray(allOf)) allOf.forEach((part, index) => visit(part, `${located.pointer}/allOf/${index}`));
  };
  visit(schema, pointer);
  return open || fields.size === 0 ? undefined : fields;
}
