// What the runtime probe (smoke/runtime-probe.mjs) must show in every runtime it runs in, checked the same way by
// each runtime's probe case: a fresh probe server per run, the report the program printed, and a list of
// expectations that fails the case with every one that did not hold.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { lastLines } from './case-runner.mjs';
import { startProbeServer } from './local-servers.mjs';

/** The probe's source, written beside each runtime's entry. */
export const probeSource = readFileSync(fileURLToPath(new URL('../smoke/runtime-probe.mjs', import.meta.url)), 'utf8');
const MARK = 'PROBE_RESULT ';

/** @typedef {import('../smoke/runtime-probe.js').ProbeReport} ProbeReport */
/** @typedef {import('../smoke/runtime-probe.js').ProbeSettings} ProbeSettings */
/** @typedef {{ code: number | null, stdout: string, stderr: string, timedOut: boolean }} Finished */
/** @typedef {Awaited<ReturnType<typeof startProbeServer>>} ProbeServer */
/** @typedef {{ server: ProbeServer, finished: Finished, report: ProbeReport }} ProbeRun */

/** The outcome of a client made without a key in a runtime that has environment variables to read it from. */
export const NO_KEY_WITH_ENVIRONMENT = {
  ok: false,
  name: 'ConfigurationError',
  typed: true,
  keyShown: false,
  message: 'No API key: pass the apiKey option, or set the THUMBNAIL_API_KEY environment variable (server-side only). Keys are made in the service dashboard.',
};

/**
 * An ES module that runs the probe with the client loaded by `specifier` and prints its report (Bun, Deno).
 * @param {ProbeSettings} settings
 * @param {string} [specifier]
 */
export function printingProbeEntry(settings, specifier = '@thumbnail-api/client') {
  return [
    `import * as sdk from '${specifier}';`,
    "import { runProbe } from './runtime-probe.mjs';",
    `console.log(${JSON.stringify(MARK)} + JSON.stringify(await runProbe(sdk, ${JSON.stringify(settings)})));`,
    '',
  ].join('\n');
}

/**
 * A module worker whose test handler runs the probe with its `env` bindings and prints the report (`workerd test`).
 * @param {Omit<ProbeSettings, 'bindings'>} settings
 */
export function workerProbeEntry(settings) {
  return [
    "import * as sdk from '@thumbnail-api/client';",
    "import { runProbe } from './runtime-probe.mjs';",
    `export default { async test(controller, env) { console.log(${JSON.stringify(MARK)} + JSON.stringify(await runProbe(sdk, { ...${JSON.stringify(settings)}, bindings: env }))); } };`,
    '',
  ].join('\n');
}

/**
 * A script whose completion value is the promise of the report, for edge-runtime's --eval.
 * @param {ProbeSettings} settings
 */
export function edgeProbeEntry(settings) {
  return [
    "import * as sdk from '@thumbnail-api/client';",
    "import { runProbe } from './runtime-probe.mjs';",
    `globalThis.probeReport = runProbe(sdk, ${JSON.stringify(settings)}).then((report) => ${JSON.stringify(MARK)} + JSON.stringify(report));`,
    '',
  ].join('\n');
}

/**
 * Starts a fresh probe server, has `launch` run the probe against it, and reads the report; the server is closed after.
 * @param {(server: ProbeServer) => Promise<Finished>} launch
 * @returns {Promise<ProbeRun>}
 */
export async function runProbeAgainstServer(launch) {
  const server = await startProbeServer();
  try {
    const finished = await launch(server);
    const line = finished.stdout.split('\n').find((text) => text.includes(MARK));
    if (!line) {
      const why = finished.timedOut ? 'timed out' : `exit ${finished.code}`;
      throw new Error(`the probe printed no report (${why}): ${lastLines(finished.stderr || finished.stdout)}`);
    }
    return { server, finished, report: JSON.parse(line.slice(line.indexOf(MARK) + MARK.length)) };
  } finally {
    await server.close();
  }
}

/** Collects what a probe run must show; `verdict` throws with every expectation that did not hold. */
export class ProbeExpectations {
  /** @type {string[]} */
  #failed = [];
  #count = 0;

  /** @param {string} what @param {unknown} actual @param {unknown} expected */
  equal(what, actual, expected) {
    this.#count += 1;
    if (!isDeepStrictEqual(actual, expected)) this.#failed.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }

  /** @param {string} what @param {unknown} actual @param {RegExp} pattern */
  match(what, actual, pattern) {
    this.#count += 1;
    if (typeof actual !== 'string' || !pattern.test(actual)) this.#failed.push(`${what}: got ${JSON.stringify(actual)}, expected to match ${pattern}`);
  }

  /** @param {string} what @param {string} text @param {string[]} secrets */
  lacks(what, text, secrets) {
    this.#count += 1;
    if (secrets.some((secret) => text.includes(secret))) this.#failed.push(`${what} shows a key`);
  }

  /**
   * The probe's first call succeeded at once, without logging the key, and named the runtime in User-Agent
   * (`thumbnail-api-client/<version> <runtime>[/<its version>]`) and the runtime headers (`unknown` for no version).
   * @param {ProbeRun} run @param {string} clientVersion @param {string} runtime @param {string} [version]
   */
  runtimeNamed({ server, report }, clientVersion, runtime, version) {
    this.equal('the first call', report.call, { ok: true, attempts: 1, keyLogged: false });
    const headers = server.requests[0]?.headers ?? {};
    const seen = ['user-agent', 'x-thumbnail-client-runtime', 'x-thumbnail-client-runtime-version'].map((name) => headers[name]);
    const userAgent = `thumbnail-api-client/${clientVersion} ${version === undefined ? runtime : `${runtime}/${version}`}`;
    this.equal('User-Agent and runtime headers', seen, [userAgent, runtime, version ?? 'unknown']);
  }

  /**
   * The probe's POST, answered 421, failed with the typed error and reached the server once, with its body.
   * @param {ProbeRun} run
   */
  onePostWithItsBody({ server, report }) {
    this.equal('the POST answered 421', report.post, {
      ok: false,
      name: 'ThumbnailApiError',
      typed: true,
      keyShown: false,
      message: '421 Misdirected Request from POST /api/thumbnails: Misdirected Request',
    });
    const posts = server.requests.filter((request) => request.method === 'POST').map((request) => request.body);
    this.equal('POSTs the server got', posts, ['{"prompt":"A red fox at dawn"}']);
  }

  /**
   * The program ended with exit code 0 and printed nothing but the report: no warning, and never the key.
   * @param {ProbeRun} run @param {string} apiKey
   */
  quietEnd({ finished }, apiKey) {
    this.equal('exit code', finished.code, 0);
    this.equal('stderr', finished.stderr, '');
    this.lacks('stdout', finished.stdout, [apiKey]);
  }

  /** @param {string} note what passed, for the case's line */
  verdict(note) {
    if (this.#failed.length > 0) throw new Error(`${this.#failed.length} of ${this.#count} expectations failed: ${this.#failed.join(' | ')}`);
    return `${this.#count} expectations ${note}`;
  }
}

/**
 * The keys the probe's GET requests carried, in order: its call's, then the one the client read from the runtime's settings.
 * @param {ProbeRun} run
 */
export function keysSentByGets({ server }) {
  return server.requests.filter((request) => request.method === 'GET').map((request) => request.headers['x-api-key']);
}
