// Where the client's environment variables come from in each runtime, and what a runtime that refuses a
// permission (Deno: `NotCapable` since 2.0, `PermissionDenied` before) becomes: a RuntimePermissionError
// naming the flag to grant, instead of a raw runtime error or a connection error that gets retried.
import { RuntimePermissionError } from './errors.js';
import type { RuntimeName } from './runtime-identity.js';
import { type Redact, safeCause } from './secret-redaction.js';

/** How a runtime hands settings to code: environment variables, a Worker's `env` bindings, or neither. */
export type SettingsSource = 'environment' | 'worker-bindings' | 'options-only';

interface EnvironmentGlobals {
  Deno?: { env?: { get(name: string): string | undefined } };
  process?: { env?: Record<string, string | undefined> };
}

/** An environment variable the client falls back on, and the option that replaces it. */
export interface EnvironmentSetting {
  variable: string;
  option: string;
}

/** Where settings come from in this runtime, so that a missing one can be asked for the way the runtime passes it. */
export function settingsSource(runtime: RuntimeName): SettingsSource {
  // With nodejs_compat, workerd fills process.env from the bindings, but the binding is what users set.
  if (runtime === 'workerd') return 'worker-bindings';
  const scope = globalThis as EnvironmentGlobals;
  return typeof scope.Deno?.env?.get === 'function' || typeof scope.process?.env === 'object' ? 'environment' : 'options-only';
}

/**
 * Reads the variables (each `undefined` when unset or when the runtime has no environment). Deno without
 * `--allow-env` refuses: that becomes one RuntimePermissionError naming every variable refused.
 */
export function readEnvironment(settings: readonly EnvironmentSetting[]): Record<string, string | undefined> {
  const scope = globalThis as EnvironmentGlobals;
  const values: Record<string, string | undefined> = {};
  const refused: EnvironmentSetting[] = [];
  let cause: unknown;
  for (const setting of settings) {
    try {
      // Deno's own API where there is one: its process.env shim asks for the same permission.
      values[setting.variable] = scope.Deno?.env ? scope.Deno.env.get(setting.variable) : scope.process?.env?.[setting.variable];
    } catch (error) {
      if (!isPermissionDenial(error)) throw error;
      refused.push(setting);
      cause = error;
    }
  }
  if (refused.length === 0) return values;
  const flag = `--allow-env=${refused.map((setting) => setting.variable).join(',')}`;
  const variables = refused.map((setting) => setting.variable).join(' and ');
  const options = refused.map((setting) => setting.option).join(' and ');
  throw new RuntimePermissionError(
    `Deno denied reading ${variables} from the environment: run deno with ${flag}, or pass the ${options} option${refused.length > 1 ? 's' : ''} instead.`,
    flag,
    { cause },
  );
}

/** An optional variable, or `undefined` when unset, without an environment, or in Deno without the permission (never asked for). */
export function readIfAllowed(variable: string): string | undefined {
  const scope = globalThis as EnvironmentGlobals & {
    Deno?: { permissions?: { querySync?(descriptor: { name: 'env'; variable: string }): { state: string } } };
  };
  try {
    if (scope.Deno?.env) return scope.Deno.permissions?.querySync?.({ name: 'env', variable }).state === 'granted' ? scope.Deno.env.get(variable) : undefined;
    return scope.process?.env?.[variable];
  } catch {
    return undefined;
  }
}

/** The typed error for a request the runtime refused to send (Deno without `--allow-net` for the host), else `undefined`. */
export function networkPermissionError(failure: unknown, target: string, url: string, redact: Redact): RuntimePermissionError | undefined {
  let denial: unknown = failure;
  // A custom fetch may wrap the runtime's error.
  for (let depth = 0; depth < 5 && !isPermissionDenial(denial) && denial instanceof Error; depth++) denial = denial.cause;
  return isPermissionDenial(denial) ? deniedNetworkError(target, url, redact, safeCause(denial, redact)) : undefined;
}

/**
 * Deno 2.9 leaves the process running for good when it refuses a fetch whose body is a stream, as the one-shot body of
 * a POST or PATCH is: the permission is asked for first (as fetch would: a prompt in a terminal), and a refusal is the
 * same RuntimePermissionError, with nothing sent. `undefined` when granted, and outside Deno.
 */
export function refusedBeforeStreaming(target: string, url: string, redact: Redact): RuntimePermissionError | undefined {
  const permissions = (globalThis as { Deno?: { permissions?: { requestSync?(descriptor: { name: 'net'; host: string }): { state: string } } } }).Deno
    ?.permissions;
  if (typeof permissions?.requestSync !== 'function') return undefined;
  return permissions.requestSync({ name: 'net', host: new URL(url).host }).state === 'granted' ? undefined : deniedNetworkError(target, url, redact, undefined);
}

function deniedNetworkError(target: string, url: string, redact: Redact, cause: unknown): RuntimePermissionError {
  // --allow-net takes host[:port], as URL.host has it (the default port left out, which allows every port).
  const host = redact(new URL(url).host);
  const flag = `--allow-net=${host}`;
  return new RuntimePermissionError(
    `${target} was not sent: Deno denied network access to ${host}. Run deno with ${flag} (not retried: only the permission can fix it).`,
    flag,
    cause === undefined ? undefined : { cause },
  );
}

/** Deno's refusal of a permission: `NotCapable` (Deno 2), or `PermissionDenied` (Deno 1) whose message asks for a flag. */
function isPermissionDenial(error: unknown): boolean {
  if (!(error instanceof Error) || (globalThis as { Deno?: unknown }).Deno === undefined) return false;
  return error.name === 'NotCapable' || (error.name === 'PermissionDenied' && /^Requires \S+ access/.test(error.message));
}
