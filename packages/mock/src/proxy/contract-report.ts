// What the contract proxy found: every exchange that broke the contract, and how to print it.
import type { ApiKeyForms } from '@thumbnail-api/spec/model';
import { scrub, secretsOf } from '../http/credentials.js';
import type { ContractFinding, ExchangeListener } from './proxied-exchange.js';

/** A request and its response, with what the proxy found about them. */
export interface CheckedExchange {
  /** Request method, e.g. `POST`. */
  readonly method: string;
  /** Request path without the query string (which may carry secrets). */
  readonly path: string;
  /** The documented operation, e.g. `createThumbnail`, when the contract describes it. */
  readonly operation: string | undefined;
  /** Status the client received (the upstream's own status). */
  readonly status: number;
  readonly findings: readonly ContractFinding[];
}

/** Everything the proxy found so far. */
export interface ContractReport {
  /** Requests forwarded so far. */
  readonly requests: number;
  /** Exchanges with at least one `violation`. */
  readonly violations: number;
  /** Exchanges to operations the contract does not describe. */
  readonly undocumented: number;
  /** Exchanges that could not be checked. */
  readonly unchecked: number;
  /** Every exchange with at least one finding, in the order they happened. */
  readonly exchanges: readonly CheckedExchange[];
}

/** Collects exchanges as they happen. */
export class ReportCollector {
  #requests = 0;
  readonly #exchanges: CheckedExchange[] = [];

  add(exchange: CheckedExchange): void {
    this.#requests++;
    if (exchange.findings.length > 0) this.#exchanges.push(exchange);
  }

  report(): ContractReport {
    const count = (kind: ContractFinding['kind']) => this.#exchanges.filter((exchange) => exchange.findings.some((finding) => finding.kind === kind)).length;
    return {
      requests: this.#requests,
      violations: count('violation'),
      undocumented: count('undocumented'),
      unchecked: count('unchecked'),
      exchanges: [...this.#exchanges],
    };
  }
}

/**
 * The report as a listener of the proxy: counts every exchange, keeps those with findings and passes them to
 * `onFindings`. `apiKeys`: how the contract's key travels, removed with the other credentials.
 */
export function reportListener(collector: ReportCollector, apiKeys: ApiKeyForms, onFindings?: (exchange: CheckedExchange) => void): ExchangeListener {
  return (exchange) => {
    // Printed and kept: the request's credentials never, even where a finding quotes what it read (a header's value).
    // Only the free text, and only values of 8 characters or more: a placeholder key such as `k` is no secret, and
    // removing it would garble every word with a k in it.
    const secrets = secretsOf(exchange.headers, apiKeys, exchange.url.split('?')[1]).filter((secret) => secret.length >= 8);
    const checked: CheckedExchange = {
      method: exchange.method,
      path: scrub(exchange.url.split('?')[0] ?? exchange.url, secrets),
      operation: exchange.operation,
      status: exchange.status,
      findings: exchange.findings.map((finding) => ({ ...finding, message: scrub(finding.message, secrets) })),
    };
    collector.add(checked);
    if (checked.findings.length > 0) onFindings?.(checked);
  };
}

const marks = { violation: '✖', undocumented: '?', unchecked: '!' } as const;

/** Lines describing one exchange, e.g. `✖ POST /api/thumbnails → 200 (createThumbnail)` and one line per finding. */
export function formatExchange(exchange: CheckedExchange): string {
  const worst = exchange.findings.find((f) => f.kind === 'violation') ?? exchange.findings[0];
  const operation = exchange.operation ? ` (${exchange.operation})` : '';
  const head = `${marks[worst?.kind ?? 'violation']} ${exchange.method} ${exchange.path} → ${exchange.status}${operation}`;
  return [head, ...exchange.findings.map((f) => `    ${f.kind} at ${f.location}: ${f.message}`)].join('\n');
}

/** The summary printed at exit: the counts, then each distinct finding with how often it was seen. */
export function formatSummary(report: ContractReport, upstream: string): string {
  const lines = [
    `Contract check of ${upstream}: ${report.requests} request(s), ${report.violations} broke the contract, ` +
      `${report.undocumented} to operations the contract does not describe, ${report.unchecked} not checked.`,
  ];
  const counts = new Map<string, number>();
  for (const exchange of report.exchanges) {
    for (const finding of exchange.findings) {
      const line = `${marks[finding.kind]} ${exchange.method} ${exchange.path} → ${exchange.status}: ${finding.kind} at ${finding.location}: ${finding.message}`;
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
  }
  for (const [line, count] of counts) lines.push(`  ${count}× ${line}`);
  return lines.join('\n');
}
