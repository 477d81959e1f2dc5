// The mock's options, declared and checked once: every door (startMock(), createHandlers(), the command line) takes
// these and adds only its own (host and port; baseUrl). Unknown options and values of the wrong kind are refused the
// same way at every door, naming the option (and the nearest known one).
import { resolve } from 'node:path';
import type { MockRule } from '../double/mock-rule.js';
import { nearestOf } from '../double/nearest-name.js';
import { readJsonFile } from './json-file.js';
import type { KeyRegistry } from './key-registry.js';

/** The options every door takes: what the mock does, whatever serves it. */
export interface MockOptions {
  /** Key registry, or the path of a JSON file holding one; without it any non-empty key is accepted, as Prism does. */
  keys?: KeyRegistry | string;
  /** Contract to serve, as one bundled OpenAPI 3 file; defaults to the contract bundled with this package. */
  specPath?: string;
  /** Origins a browser may call the mock from (e.g. `http://localhost:5173`); defaults to every origin. Listed ones may also drive `/__mock`. */
  corsOrigin?: string | readonly string[];
  /** Host names answered besides IP addresses, `localhost` and `*.localhost` (e.g. a CI service's name); `.example.test` allows its subdomains too. */
  allowedHosts?: string | readonly string[];
  /** Answer with a 500 instead of any response or example that would break the contract (Prism `--errors`); defaults to `true`. */
  errors?: boolean;
  /** How many requests the journal keeps (the newest); defaults to 1000; `0` turns it off. */
  journalSize?: number;
  /** Rules in force from the start, or the path of a JSON file holding an array of them (one bad rule adds none). */
  rules?: readonly MockRule[] | string;
  /** Serve the control surface under `/__mock` (requests, rules, reset over HTTP); defaults to `true`. */
  control?: boolean;
  /** A folder of recordings made with the contract proxy's `record`: documented operations are answered from them. */
  replay?: string;
  /** Refuse rules without a `key`, and resets and clears of every key, so that test files sharing the mock stay apart; defaults to `false`. */
  requireKey?: boolean;
}

// The command line names an unknown flag the same way.
export { nearestOf };

/** What is wrong with an option's value, or `undefined` when it will do. */
export type OptionCheck = (value: unknown) => string | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const describe = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value.slice(0, 100))
    : Array.isArray(value)
      ? 'an array'
      : value === null
        ? 'null'
        : typeof value === 'object'
          ? 'an object'
          : String(value);

/** Checks of a value's kind, each saying what it wants. */
export const checks = {
  string:
    (what: string): OptionCheck =>
    (value) =>
      typeof value === 'string' ? undefined : `must be ${what}, got ${describe(value)}`,
  boolean: (value: unknown) => (typeof value === 'boolean' ? undefined : `must be true or false, got ${describe(value)}`),
  port: (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 65535 ? undefined : `must be an integer from 0 to 65535, got ${describe(value)}`,
  milliseconds: (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? undefined : `must be a number of milliseconds above 0, got ${describe(value)}`,
} as const;

/** The options every door shares, with their checks. */
const sharedChecks: Record<keyof MockOptions, OptionCheck> = {
  keys: (value) =>
    isObject(value) || typeof value === 'string'
      ? undefined
      : `must be a key registry such as {"test-key": "ok"}, or the path of a JSON file holding one, got ${describe(value)}`,
  specPath: checks.string('the path of a bundled OpenAPI document'),
  corsOrigin: (value) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      ? undefined
      : `must be an origin such as "http://localhost:5173", or a list of them, got ${describe(value)}`,
  allowedHosts: (value) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      ? undefined
      : `must be a host name such as "mock", or a list of them, got ${describe(value)}`,
  errors: checks.boolean,
  journalSize: (value) =>
    Number.isInteger(value) && (value as number) >= 0 ? undefined : `must be a whole number of requests (0 turns the journal off), got ${describe(value)}`,
  rules: (value) =>
    Array.isArray(value) || typeof value === 'string' ? undefined : `must be an array of rules, or the path of a JSON file holding one, got ${describe(value)}`,
  control: checks.boolean,
  replay: checks.string('the path of a folder of recordings'),
  requireKey: checks.boolean,
};

/**
 * Checks the options given to `door` (e.g. `startMock()`): the shared ones and the door's `own`. Throws a TypeError
 * naming an unknown option (and the nearest known one) or a value of the wrong kind.
 */
export function checkOptions<T extends MockOptions>(door: string, options: unknown, own: Record<string, OptionCheck>): T {
  if (options === undefined) return {} as T;
  if (!isObject(options)) throw new TypeError(`${door} takes an options object, got ${describe(options)}.`);
  const known: Record<string, OptionCheck> = { ...own, ...sharedChecks };
  const names = Object.keys(known);
  for (const [name, value] of Object.entries(options)) {
    const check = known[name];
    if (check === undefined) {
      const nearest = nearestOf(name, names);
      throw new TypeError(`${door} has no option ${name}${nearest ? ` (did you mean ${nearest}?)` : ''}; it takes ${names.join(', ')}.`);
    }
    const problem = value === undefined ? undefined : check(value);
    if (problem !== undefined) throw new TypeError(`${door}: ${name} ${problem}.`);
  }
  return options as T;
}

/** `rules` as given: a list, or the path of a JSON file holding one. */
export function rulesFrom(rules: MockOptions['rules']): readonly unknown[] | undefined {
  if (typeof rules !== 'string') return rules;
  const where = `The rules file ${resolve(rules)}`;
  const read = readJsonFile(rules, where, '[{"operationId": "listThumbnails", "answer": {"status": 503}}]');
  if (!Array.isArray(read)) throw new Error(`${where} must hold a JSON array of rules.`);
  return read;
}
