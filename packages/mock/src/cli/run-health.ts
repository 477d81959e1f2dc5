// `thumbnail-api-mock health`: exit 0 when the mock (or the proxy) on this machine answers HTTP, else 1 with the reason.
// A container's HEALTHCHECK and a CI service's health command run it: the image has no curl or shell.
import { request } from 'node:http';
import { ENV_PREFIX } from './env-options.js';

const usage = `Usage: npx @thumbnail-api/mock health [--url <base-url>] [--timeout-ms <ms>]
       (in the container image: thumbnail-api-mock health)

Exits 0 when the mock answers HTTP at <base-url> (default http://127.0.0.1:<port>, the port from
${ENV_PREFIX}PORT, else 4010), 1 with the reason when it does not within the time (default 2000 ms).`;

/**
 * A Host the mock and the proxy refuse at once (403 host-not-allowed): any answer means the server is up, and the probe
 * is never journaled, counted in coverage, nor forwarded to the real service by the proxy.
 */
export const PROBE_HOST = 'thumbnail-api-mock-health.invalid';

export async function runHealth(argv: readonly string[]): Promise<void> {
  const { url, timeoutMs } = parseHealthArgs(argv);
  try {
    const status = await probe(url, timeoutMs);
    console.log(`healthy: ${url} answered ${status}`);
    process.exit(0);
  } catch (error) {
    console.error(`unhealthy: ${url}: ${(error as Error).message}`);
    process.exit(1);
  }
}

function parseHealthArgs(argv: readonly string[]): { url: string; timeoutMs: number } {
  let url = `http://127.0.0.1:${process.env[`${ENV_PREFIX}PORT`] || '4010'}`;
  let timeoutMs = 2000;
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (flag === '-h' || flag === '--help') {
      console.log(usage);
      process.exit(0);
    }
    if (value === undefined || (flag !== '--url' && flag !== '--timeout-ms')) {
      console.error(`${value === undefined && flag?.startsWith('--') ? `${flag} needs a value.` : `Unexpected argument ${JSON.stringify(flag)}.`}\n\n${usage}`);
      process.exit(2);
    }
    if (flag === '--url') url = value;
    else timeoutMs = Number(value);
  }
  if (!/^https?:\/\//.test(url) || !Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    console.error(`--url must be an http:// URL and --timeout-ms a whole number of milliseconds.\n\n${usage}`);
    process.exit(2);
  }
  return { url: url.replace(/\/+$/, ''), timeoutMs };
}

/** Resolves with the status of any answer; rejects saying why there was none. */
function probe(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/`, { method: 'GET', timeout: timeoutMs, headers: { host: PROBE_HOST } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code === 'ECONNREFUSED' ? 'nothing listens there' : error.message)));
    req.end();
  });
}
