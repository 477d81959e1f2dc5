// What the `-- <command>` wrapper puts in the command's environment: the mock's URL, and a key the mock accepts when
// the environment has none, so that code on the client's defaults (which reads both) runs under it with no set-up.
import { API_KEY_VARIABLE, BASE_URL_VARIABLE } from '@thumbnail-api/spec/profile';
import { loadKeyRegistry, registryNote } from '../assembly/key-registry.js';
import { keyHintOf } from '../http/credentials.js';

/** The key set without a registry, where the mock accepts any non-empty key: it is the mock's own, no secret. */
export const WRAPPER_KEY = 'thumbnail-api-mock-key';

export interface WrappedCommandEnv {
  /** Variables to add to the command's environment. */
  readonly variables: Readonly<Record<string, string>>;
  /** What the start line says of the key, e.g. `THUMBNAIL_API_KEY set to the first "ok" key of keys.json (…y-ok)`. */
  readonly keyLine: string;
  /** A warning to print, when the environment's own key is one the registry refuses. */
  readonly warning: string | undefined;
}

/** The variables for a command run against the mock at `url`, with the registry file `keys` (if any). */
export function wrappedCommandEnv(url: string, keys: string | undefined, env: NodeJS.ProcessEnv): WrappedCommandEnv {
  const registry = keys === undefined ? undefined : loadKeyRegistry(keys);
  const given = env[API_KEY_VARIABLE];
  if (given !== undefined && given !== '') {
    const refused = registry === undefined ? undefined : registryNote(registry, given);
    return {
      variables: { [BASE_URL_VARIABLE]: url },
      keyLine: `${API_KEY_VARIABLE} kept from the environment`,
      warning:
        refused === undefined
          ? undefined
          : `${API_KEY_VARIABLE} (${keyHintOf(given)}) is not an "ok" key of ${keys}: the mock answers it with ${registry!.get(given) === 'forbidden' ? 403 : 401} (${refused}).`,
    };
  }
  if (registry === undefined) {
    return {
      variables: { [BASE_URL_VARIABLE]: url, [API_KEY_VARIABLE]: WRAPPER_KEY },
      keyLine: `${API_KEY_VARIABLE} set to ${WRAPPER_KEY} (without --keys the mock accepts any key)`,
      warning: undefined,
    };
  }
  const ok = [...registry].find(([, outcome]) => outcome === 'ok')?.[0];
  if (ok === undefined) {
    return { variables: { [BASE_URL_VARIABLE]: url }, keyLine: `${API_KEY_VARIABLE} not set: ${keys} lists no "ok" key`, warning: undefined };
  }
  return {
    variables: { [BASE_URL_VARIABLE]: url, [API_KEY_VARIABLE]: ok },
    keyLine: `${API_KEY_VARIABLE} set to the first "ok" key of ${keys} (${keyHintOf(ok)})`,
    warning: undefined,
  };
}
