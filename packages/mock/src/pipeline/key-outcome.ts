// The key registry's entries checked and a request's outcome under it: no file and no `node:` module, so every door
// can use it, the browser's too (key-registry.ts reads a registry from a file).
import type { ApiKeyForms } from '@thumbnail-api/spec/model';
import { howToSendKey, isUsableKey } from '../http/credentials.js';

/** What the mock answers a key with: the operation's response, the documented 401, or the documented 403. */
export type KeyOutcome = 'ok' | 'unauthorized' | 'forbidden';

/** API keys mapped to their outcome. Keys that are not listed are answered like `unauthorized` ones. */
export type KeyRegistry = Readonly<Record<string, KeyOutcome>>;

const outcomes: readonly KeyOutcome[] = ['ok', 'unauthorized', 'forbidden'];

/**
 * Checks a registry (`what` names it in errors, e.g. "The key registry /x.json"). Errors name the entry by its
 * position, never by the key itself: keys are secrets even in tests.
 */
export function checkKeyRegistry(registry: unknown, what: string): Map<string, KeyOutcome> {
  if (typeof registry !== 'object' || registry === null || Array.isArray(registry)) {
    throw new Error(`${what} must be a JSON object mapping each API key to "ok", "unauthorized" or "forbidden".`);
  }
  const keys = new Map<string, KeyOutcome>();
  Object.entries(registry).forEach(([key, outcome], index) => {
    const entry = `entry ${index + 1}`;
    if (!isUsableKey(key)) {
      throw new Error(`${what}: the key of ${entry} is empty or contains spaces or control characters, which an HTTP header cannot carry.`);
    }
    if (!outcomes.includes(outcome as KeyOutcome)) {
      throw new Error(`${what}: ${entry} has the outcome ${JSON.stringify(outcome)}; use "ok", "unauthorized" or "forbidden".`);
    }
    keys.set(key, outcome as KeyOutcome);
  });
  return keys;
}

/** The outcome of a request sent with `key` (`undefined`: none): keys missing from the registry are invalid, so they get the 401 as well. */
export function outcomeOf(keys: ReadonlyMap<string, KeyOutcome>, key: string | undefined): KeyOutcome {
  return (key === undefined ? undefined : keys.get(key)) ?? 'unauthorized';
}

/**
 * Why the registry answers a request sent with `key` with 401 or 403, as the answer's `x-thumbnail-api-mock-note` and
 * the journal say it; `undefined` for an "ok" key.
 */
export function registryNote(keys: ReadonlyMap<string, KeyOutcome>, key: string): string | undefined {
  const outcome = keys.get(key);
  if (outcome === 'ok') return undefined;
  return outcome === undefined ? 'key not in the registry' : `key listed as "${outcome}" in the registry`;
}

/** Why the registry answers a request that sent no key: naming the ways the contract takes one. */
export function noKeyNote(apiKeys: ApiKeyForms): string {
  return `no API key sent (${howToSendKey(apiKeys)})`;
}
