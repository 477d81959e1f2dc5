// What every case is given: where to work, the registry, the version published, the servers and keys.

/**
 * @typedef {object} SuiteContext
 * @property {string} work the run's temporary folder (outside the workspace)
 * @property {string} registryUrl the local registry our packages were published to
 * @property {string} version the version published (all four packages share it)
 * @property {string} clientVersion the client's version, as its User-Agent must name it
 * @property {string} mockUrl the mock started with `npx @thumbnail-api/mock` and the key registry
 * @property {string} echoUrl a server that answers with what the client sent
 * @property {string} refusedUrl a loopback URL where nothing listens
 * @property {{ ok: string, revoked: string, noAccess: string }} keys sentinel API keys, never to be printed
 * @property {<T>(prepare: () => Promise<T>) => () => Promise<T>} once shares one preparation (e.g. an install) between cases
 * @property {(stop: () => Promise<void>) => void} onCleanup registers something to stop at the end of the run
 */

/**
 * Makes `prepare` run at most once; every caller gets its result (or its error).
 * @template T
 * @param {() => Promise<T>} prepare
 * @returns {() => Promise<T>}
 */
export function once(prepare) {
  let promise;
  return () => {
    promise ??= prepare();
    return promise;
  };
}
