// Which documented response a status or a preference names, read as Prism reads a response map, and the mock's
// error when a preference names one the contract does not document.
import type { ContractOperation } from '@thumbnail-api/spec/model';
import { mockError } from '../http/mock-error.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';

/** Anything filed under a documented status key: `200`, `4XX`, `default`. */
interface Keyed {
  readonly status: string;
}

/** The response documented for exactly `code`, or for its range (`4XX`); never `default`, which names no status. */
export function responseForCode<T extends Keyed>(responses: readonly T[], code: number): T | undefined {
  const range = `${String(code)[0]}XX`;
  return responses.find((response) => response.status === String(code)) ?? responses.find((response) => response.status.toUpperCase() === range);
}

/** Prism's answer when nothing is preferred: the lowest 2xx (a range as its x00), else `default` as 200, else the first. */
export function successResponse<T extends Keyed>(responses: readonly T[]): { response: T; status: number } | undefined {
  const lowest = responses
    .filter((response) => /^2(\d\d|XX)$/i.test(response.status))
    .sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0))[0];
  const response = lowest ?? responses.find((candidate) => candidate.status === 'default') ?? responses[0];
  if (response === undefined) return undefined;
  return {
    response,
    status: /^\d{3}$/.test(response.status) ? Number(response.status) : /^\dXX$/i.test(response.status) ? Number(`${response.status[0]}00`) : 200,
  };
}

/**
 * The mock's error for `Prefer: code=` / `example=` naming an answer the contract does not document for `operation`,
 * or `undefined` when it documents one. `default` documents no particular status, so it is never what a code names.
 */
export function undocumentedPreference(
  operation: ContractOperation,
  name: string,
  code: number | undefined,
  example: string | undefined,
): PreparedAnswer | undefined {
  const response = code === undefined ? successResponse(operation.responses)?.response : responseForCode(operation.responses, code);
  if (response === undefined) {
    return mockError(
      'undocumented-status',
      400,
      `the contract documents no ${code} answer for ${name}`,
      `Prefer a status the contract documents for ${operation.method.toUpperCase()} ${operation.path}. Other statuses are covered only by its "default" response, which does not say which statuses the service uses, so the mock does not make them up.`,
      { documentedStatuses: operation.responses.map((entry) => entry.status) },
    );
  }
  const examples = [...new Set(response.content.flatMap((media) => media.examples.map((entry) => entry.name ?? 'default')))];
  if (example === undefined || examples.includes(example)) return undefined;
  return mockError(
    'undocumented-example',
    400,
    `the contract documents no example ${JSON.stringify(example.slice(0, 100))} for the ${response.status} answer of ${name}`,
    'Prefer one of the examples the contract documents for this answer.',
    { documentedExamples: examples },
  );
}
