// Turns a `redocly diff` report into contract changes rated for this project and described in plain words.
import { contractLocation, parsePointer, refToPointer } from '@thumbnail-api/spec/model';

/** @typedef {import('./contract-diff.mjs').RedoclyChange} RedoclyChange */
/** @typedef {'major' | 'minor' | 'patch'} Impact */

/**
 * One change of the contract between two releases.
 * @typedef {object} ContractChange
 * @property {Impact} impact the semver bump the change needs.
 * @property {string} text what changed, in plain words.
 * @property {string | undefined} rule the rule that rated it `major` or `minor`, if any.
 */

/** Schema keywords whose change in a response changes the type users receive. */
const TYPE_KEYWORDS = new Set(['type', 'enum', 'const']);

/**
 * Rates and describes every change of a `redocly diff` report.
 *
 * `redocly diff` rates a narrowed response type (e.g. `number` -> `integer`, a removed enum value, `string | null`
 * -> `string`) as a patch, because old clients still accept every response. This project publishes the generated
 * TypeScript types of those responses, and users' code that uses them as parameter types, or switches over their
 * enum values, stops compiling when they narrow: here any change of a response's type is major.
 * @param {readonly RedoclyChange[]} changes
 * @returns {ContractChange[]}
 */
export function contractChanges(changes) {
  // info.version is the release's own number (moved by `changeset version`), not a change of the API it describes.
  return changes
    .filter((change) => !(change.path === '#/info' && change.property === 'version'))
    .map((change) => {
      const where = describeLocation(change.path);
      if (change.impact !== 'major' && isResponseTypeChange(change)) {
        return {
          impact: 'major',
          text: `${where}: \`${change.property}\` narrowed from ${show(change.base?.value)} to ${show(change.revision?.value)}; the published response type changes with it.`,
          rule: 'response-type-narrowed',
        };
      }
      const rule = change.verdicts.find((verdict) => verdict.impact === change.impact)?.ruleId;
      const text =
        change.verdicts.length > 0 ? `${where}: ${change.verdicts.map((verdict) => verdict.message).join(' ')}` : describeUnratedChange(change, where);
      return { impact: change.impact, text, rule };
    });
}

/** @param {RedoclyChange} change */
function isResponseTypeChange(change) {
  return change.property !== undefined && TYPE_KEYWORDS.has(change.property) && pointerSegments(change.path).includes('responses');
}

/**
 * @param {RedoclyChange} change
 * @param {string} where
 */
function describeUnratedChange(change, where) {
  if (change.kind === 'added') return `${where}: added.`;
  if (change.kind === 'removed') return `${where}: removed.`;
  return `${where}: \`${change.property ?? 'value'}\` changed from ${show(change.base?.value)} to ${show(change.revision?.value)}.`;
}

/** @param {string | undefined} typeName */
function humanType(typeName) {
  if (!typeName) return 'element';
  return typeName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * Names the place a JSON pointer of `redocly diff` points at, e.g.
 * `#/paths/~1api~1items/post/requestBody/content/application~1json/schema/properties/tags`
 * -> "`POST /api/items`, request body, field `tags`".
 * @param {string} pointer
 */
export function describeLocation(pointer) {
  const segments = pointerSegments(pointer);
  const location = contractLocation(segments);
  /** @type {string[]} */
  const parts = [];
  if (location.kind === 'operation') parts.push(`\`${location.method.toUpperCase()} ${location.path}\``);
  else if (location.kind === 'path') parts.push(`path \`${location.path}\``);
  else if (location.kind === 'component') parts.push(`${humanType(singular(location.componentKind))} \`${location.name}\``);
  else if (segments.length > 0) return `\`${segments.join('.')}\``;
  const rest = location.kind === 'document' ? [] : location.rest;
  /** @type {string[]} */
  const field = [];
  for (let i = 0; i < rest.length; i += 1) {
    const segment = /** @type {string} */ (rest[i]);
    const next = rest[i + 1];
    if (segment === 'requestBody') parts.push('request body');
    else if (segment === 'responses' && next !== undefined) {
      parts.push(`response ${next}`);
      i += 1;
    } else if (segment === 'parameters' && next !== undefined) {
      parts.push(`parameter ${next}`);
      i += 1;
    } else if (segment === 'headers' && next !== undefined) {
      parts.push(`header \`${next}\``);
      i += 1;
    } else if (segment === 'content' && next !== undefined) {
      i += 1; // the media type adds nothing a reader needs when there is one
    } else if (segment === 'schema') continue;
    else if (segment === 'properties' && next !== undefined) {
      field.push(next);
      i += 1;
    } else if (segment === 'items') field.push('[]');
    else field.push(segment);
  }
  if (field.length > 0) parts.push(`field \`${field.join('.').replaceAll('.[]', '[]')}\``);
  return parts.join(', ');
}

/**
 * The keys of a `redocly diff` pointer: a `$ref`-style fragment (`#/paths/~1api~1items/get`), or a bare pointer.
 * @param {string} pointer
 */
function pointerSegments(pointer) {
  return parsePointer(pointer.startsWith('#') ? refToPointer(pointer) : pointer);
}

/** @param {string} kind e.g. `schemas` */
function singular(kind) {
  return kind.endsWith('s') ? kind.slice(0, -1) : kind;
}

/** @param {unknown} value */
function show(value) {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `\`${text.length > 80 ? `${text.slice(0, 77)}...` : text}\``;
}
