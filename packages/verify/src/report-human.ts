// The report as a person reads it on stdout: the verdict first, then the findings by class, then every request sent
// (and every one not sent) with why.
import { FINDING_CLASSES, type Finding, type FindingClass, type VerifyReport } from './findings.js';

/** How each class is headed, and the mark of its lines. */
export const CLASS_TITLES: Readonly<Record<FindingClass, { readonly title: string; readonly mark: string }>> = {
  'contract-violation': { title: 'Contract violations: the service broke what the contract documents', mark: '✖' },
  'assumption-contradicted': { title: 'Assumptions contradicted: a side the contract took is wrong', mark: '✖' },
  'observed-drift': { title: 'Drift: answers differ from what --observed saw before', mark: '✖' },
  'not-checked': { title: 'Not checked: no answer, or one that could not be read', mark: '!' },
  'not-shown': { title: 'Not documented by the contract (for propose)', mark: '?' },
  'assumption-confirmed': { title: 'Assumptions confirmed', mark: '✔' },
  'assumption-untested': { title: 'Assumptions untested', mark: '–' },
};

/** The one-line verdict, e.g. `FAILED: 3 contract violations, 1 assumption contradicted`. */
export function verdictLine(report: VerifyReport): string {
  const counts = report.counts;
  const parts = [
    [counts['contract-violation'], 'contract violation(s)'],
    [counts['assumption-contradicted'], 'assumption(s) contradicted'],
    [counts['observed-drift'], 'drift(s) from --observed'],
    [counts['not-checked'], 'not checked'],
  ]
    .filter(([count]) => (count as number) > 0)
    .map(([count, what]) => `${count} ${what}`);
  const head = report.verdict === 'passed' ? 'PASSED' : report.verdict === 'failed' ? 'FAILED' : 'INCOMPLETE';
  return `${head}${parts.length > 0 ? `: ${parts.join(', ')}` : ': nothing violated, contradicted or changed'}`;
}

/** What was sent, in one line: requests by method and the POST budget used. */
export function sentLine(report: VerifyReport): string {
  const gets = report.exchanges.filter((exchange) => exchange.request.method === 'GET').length;
  const posts = report.exchanges.length - gets;
  return (
    `Sent ${report.exchanges.length} request(s): ${gets} GET, ${posts} POST. POST budget: ${report.budget.spent} of ${report.budget.allowed} used ` +
    `(--allow-billing ${report.budget.allowed}). At most ${report.limits.maxRps} request(s)/s, ${report.limits.requestTimeoutMs / 1000} s per request, ` +
    `${report.limits.maxTimeMs / 1000} s in all.`
  );
}

export function formatHuman(report: VerifyReport): string {
  const lines = [
    `thumbnail-api-verify ${report.baseUrl} against ${report.contract.title} ${report.contract.version}`,
    verdictLine(report),
    ...(report.stopped === undefined ? [] : [`Stopped early: ${report.stopped}`]),
    sentLine(report),
  ];
  for (const name of FINDING_CLASSES) {
    const findings = report.findings.filter((finding) => finding.class === name);
    if (findings.length === 0) continue;
    lines.push('', `${CLASS_TITLES[name].title} (${findings.length})`);
    for (const finding of findings) lines.push(...findingLines(finding, CLASS_TITLES[name].mark));
  }
  lines.push('', 'Requests, and why each was sent');
  for (const probe of report.probes) {
    const head = `  ${probe.method} ${probe.path}  ${probe.title}`;
    if (probe.exchanges.length === 0) {
      lines.push(`${head}: ${probe.skipped ?? 'not sent'}`);
      continue;
    }
    const answers = probe.exchanges.map((index) => {
      const exchange = report.exchanges[index]!;
      return `#${index} → ${exchange.answer?.status ?? exchange.failure?.kind ?? '?'}${exchange.pushback ? ' (pushed back)' : ''}`;
    });
    lines.push(`${head}: ${answers.join(', ')}`, `      ${probe.why}${probe.billing === undefined ? '' : ` Counted against the budget: ${probe.billing}`}`);
  }
  return lines.join('\n');
}

function findingLines(finding: Finding, mark: string): string[] {
  const evidence = finding.evidence.length > 0 ? ` [${finding.evidence.map((index) => `#${index}`).join(' ')}]` : '';
  return [`  ${mark} ${finding.check}: ${finding.message}${evidence}`];
}
