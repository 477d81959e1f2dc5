// Why no rule answered a request (as WireMock's near misses): of the rules of its operation, in force or used up, the
// nearest one (a rule for its key before one for another key, then the fewest differences, then the newest), and
// where the request differs from it, computed by the rules' own matcher.
import { keyHintOf, keyRedactor } from '../http/credentials.js';
import { ABSENT, type Difference, differences, type MatchableRequest } from './matcher.js';
import type { ActiveRule } from './rules.js';

/** The nearest rule to a request none answered, and where they differ, as the pass records it. */
export interface NearMissRecord {
  readonly rule: ActiveRule;
  /** Where the request differs (`times` first for a used-up rule); never empty. */
  readonly differences: readonly Difference[];
}

/** A near miss as the journal shows it: the rule's id, and each difference in words (keys only by their hint). */
export interface NearMissDescription {
  /** The id of the nearest rule. */
  readonly rule: string;
  /** The first difference, e.g. `body.prompt: expected "a cat", got "a dog"`. */
  readonly difference: string;
  /** Every difference, the first first. */
  readonly differences: readonly string[];
}

/** A request no rule answered though its operation had rules, as `nearMisses()` and `GET /__mock/near-misses` list it. */
export interface NearMiss extends NearMissDescription {
  /** When the request arrived, as an ISO 8601 time. */
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly operationId: string | null;
  /** What it was answered instead (`null` for none). */
  readonly status: number | null;
  /** The request's key, shown as in the journal. */
  readonly keyHint: string | null;
}

/** The rule nearest to `request` of `inForce` (none of which matched it) and `usedUp`; `undefined` when there are none. */
export function nearestMiss(inForce: readonly ActiveRule[], usedUp: readonly ActiveRule[], request: MatchableRequest): NearMissRecord | undefined {
  let nearest: NearMissRecord | undefined;
  let best = Number.POSITIVE_INFINITY;
  const consider = (rule: ActiveRule, found: Difference[]) => {
    // A rule for another key is the farthest: on a shared mock it is most likely another test file's.
    const distance = (found.some((difference) => difference.field === 'key') ? 1000 : 0) + found.length;
    if (found.length > 0 && distance < best) [nearest, best] = [{ rule, differences: found }, distance];
  };
  for (const rule of inForce) consider(rule, differences(rule, request));
  for (const rule of usedUp) consider(rule, [{ field: 'times', expected: rule.times, got: rule.calls }, ...differences(rule, request)]);
  return nearest;
}

/** A near miss in words; `redact` hides the request's key wherever a value holds it. */
export function describeNearMiss(record: NearMissRecord, redact: (text: string) => string): NearMissDescription {
  const described = record.differences.map((difference) => describe(difference, redact));
  return { rule: record.rule.id, difference: described[0]!, differences: described };
}

/**
 * What an answer no rule made says of the near miss, in its note (and so in the journal's `note` and the client's error):
 * `no rule matched; nearest rule-3: body.prompt: expected "a red fox", got "A red fox"`; the request's `key` hidden.
 */
export function nearMissNote(record: NearMissRecord, key: string | undefined): string {
  const { rule, difference, differences } = describeNearMiss(record, keyRedactor(key));
  const more = differences.length > 1 ? ` (and ${differences.length - 1} more difference(s))` : '';
  return `no rule matched; nearest ${rule}: ${difference}${more}`;
}

function describe({ field, expected, got }: Difference, redact: (text: string) => string): string {
  if (field === 'times') return `times: used up after ${String(got)}`;
  if (field === 'key') {
    const sent = got === ABSENT ? 'no key' : keyHintOf(String(got));
    return `key: rule is for ${keyHintOf(String(expected))}, the request sent ${sent}`;
  }
  if (field === 'body' && (got === ABSENT || typeof got !== 'object' || got === null)) {
    return `body: expected a JSON body with ${shown(expected, redact)}, got ${got === ABSENT ? 'no JSON body' : shown(got, redact)}`;
  }
  return `${field}: expected ${shown(expected, redact)}, got ${got === ABSENT ? 'nothing' : shown(got, redact)}`;
}

/** A value as JSON, its key hidden, cut to a readable length. */
function shown(value: unknown, redact: (text: string) => string): string {
  const text = redact(JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
