// The optional key registry: which API keys succeed, and which are answered with 401 or 403; given as an object or
// read from a JSON file. What it holds is checked, and a request's outcome decided, in key-outcome.ts.
import { resolve } from 'node:path';
import { checkKeyRegistry, type KeyOutcome, type KeyRegistry } from '../pipeline/key-outcome.js';
import { readJsonFile } from './json-file.js';

export { type KeyOutcome, type KeyRegistry, registryNote } from '../pipeline/key-outcome.js';

/**
 * Checks a registry given as an object, or reads and checks the JSON file at a path.
 * Errors name the entry by its position, never by the key itself: keys are secrets even in tests.
 */
export function loadKeyRegistry(source: KeyRegistry | string): Map<string, KeyOutcome> {
  const what = typeof source === 'string' ? `The key registry ${resolve(source)}` : 'The key registry';
  const registry = typeof source === 'string' ? readJsonFile(source, what, '{"my-test-key": "ok", "revoked-key": "unauthorized"}') : (source as unknown);
  return checkKeyRegistry(registry, what);
}
