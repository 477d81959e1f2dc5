// Runs the cases one after another, each within its own time limit, and prints one line per case:
// `ok   <name>  <seconds> s` or `FAIL <name>  <seconds> s  <reason>`.

/**
 * @typedef {{ name: string, timeoutMs?: number, needsSuiteMock?: boolean, run: () => Promise<string | void> }} EcosystemCase
 *   `run` resolves (optionally with a note) when the case passes and throws an Error saying why when it fails;
 *   `timeoutMs` is its time limit, {@link CASE_TIME_LIMIT_MS} when it needs no other;
 *   `needsSuiteMock: false` for a case that runs without the mock `mock-npx` started (it starts its own, or none).
 * @typedef {{ name: string, ok: boolean, seconds: number, reason: string }} CaseResult
 */

export const NAME_WIDTH = 30;
/** The time limit of a case that sets none: what an install from the local registry and a smoke run take on a busy CI machine. */
export const CASE_TIME_LIMIT_MS = 240_000;

/**
 * Prints a case's line.
 * @param {CaseResult} result
 */
export function printResult(result) {
  const time = `${result.seconds.toFixed(1).padStart(6)} s`;
  const line = `${result.ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(NAME_WIDTH)}${time}${result.reason ? `  ${result.reason}` : ''}`;
  console.log(line);
}

/**
 * @param {EcosystemCase} testCase
 * @returns {Promise<CaseResult>}
 */
export async function runCase(testCase) {
  const started = performance.now();
  let timer;
  const limitMs = testCase.timeoutMs ?? CASE_TIME_LIMIT_MS;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${limitMs / 1000} s`)), limitMs);
  });
  let result;
  try {
    const note = await Promise.race([testCase.run(), timeout]);
    result = { name: testCase.name, ok: true, seconds: (performance.now() - started) / 1000, reason: typeof note === 'string' ? note : '' };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 600);
    result = { name: testCase.name, ok: false, seconds: (performance.now() - started) / 1000, reason };
  } finally {
    clearTimeout(timer);
  }
  printResult(result);
  return result;
}

/**
 * Reads the smoke program's report from a process's output and throws with the failed checks.
 * @param {{ code: number | null, stdout: string, stderr: string, timedOut: boolean }} result
 */
export function verdictOfSmoke(result) {
  const line = result.stdout.split('\n').find((text) => text.startsWith('SMOKE_RESULT '));
  if (!line) {
    const why = result.timedOut ? 'timed out' : `exit ${result.code}`;
    throw new Error(`no smoke report (${why}): ${lastLines(result.stderr || result.stdout)}`);
  }
  return verdictOfReport(JSON.parse(line.slice('SMOKE_RESULT '.length)));
}

/**
 * Throws with the failed checks of a smoke report; returns a note with the number of checks.
 * @param {import('../smoke/smoke-core.js').SmokeReport} report
 */
export function verdictOfReport(report) {
  const on = `on ${report.runtimeVersion.replace(/^Mozilla\/5\.0 .*(HeadlessChrome\/[\d.]+).*$/, '$1')}`;
  const failed = report.checks.filter((check) => !check.ok);
  if (failed.length > 0)
    throw new Error(`${on}, ${failed.length} of ${report.checks.length} checks failed: ${failed.map((check) => `${check.name}: ${check.detail}`).join(' | ')}`);
  return `${report.checks.length} checks ${on}`;
}

/**
 * The last few meaningful lines of a tool's output, for a failure reason.
 * @param {string} text
 */
export function lastLines(text, count = 4) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^at |^\^+$|npm warn|ExperimentalWarning|--trace-warnings/.test(line))
    .slice(-count)
    .join(' / ');
}
