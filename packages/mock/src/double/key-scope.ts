// Isolation a shared mock can require: with `requireKey` (--require-key), every rule and every reset names the key
// it is for, so one test file cannot change what another, running beside it with its own key, is answered.

/** A control that would act on every key, refused because the mock requires a key (`requireKey`, `--require-key`). */
export class MockKeyRequiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MockKeyRequiredError';
  }
}

/** Throws a {@link MockKeyRequiredError} when `key` is missing and the mock requires one for `action` (e.g. `reset()`). */
export function requireKeyFor(required: boolean, key: string | undefined, action: string): void {
  if (!required || key !== undefined) return;
  throw new MockKeyRequiredError(
    `This mock requires a key (--require-key, requireKey): ${action} without one would act on every test file sharing the mock. Use forKey(key).${action}, or ?key=<key> over HTTP.`,
  );
}
