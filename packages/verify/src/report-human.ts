// The report as a person reads it on stdout: the verdict first, then the findings by class, each cause with its
// symptoms under it, then every request sent (and every one not sent) with why.
import { FAILING_CLASSES, FINDING_CLASSES, type Finding, type FindingClass, type Symptom, type VerifyReport } from './findings.js';

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

/** How the verdict line counts the findings of a failing class (one, many). */
const CLASS_COUNTED: Readonly<Record<FindingClass, readonly [string, string]>> = {
  'contract-violation': ['contract violation', 'contract violations'],
  'assumption-contradicted': ['assumption contradicted', 'assumptions contradicted'],
  'observed-drift': ['drift from --observed', 'drifts from --observed'],
  'not-checked': ['not checked', 'not checked'],
  'not-shown': ['not shown', 'not shown'],
  'assumption-confirmed': ['assumption confirmed', 'assumptions confirmed'],
  'assumption-untested': ['assumption untested', 'assumptions untested'],
};

/** `n thing` or `n things`. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The one-line verdict, counting causes, not symptoms: `FAILED: 2 problems (7 symptoms): 2 contract violations`, then
 * what was not checked, e.g. `INCOMPLETE: 1 not checked (2 requests)`.
 */
export function verdictLine(report: VerifyReport): string {
  const head = report.verdict === 'passed' ? 'PASSED' : report.verdict === 'failed' ? 'FAILED' : 'INCOMPLETE';
  const count = (name: FindingClass) => report.counts[name];
  const failing = FINDING_CLASSES.filter((name) => FAILING_CLASSES.has(name) && count(name).findings > 0);
  const parts: string[] = [];
  if (failing.length > 0) {
    const problems = failing.reduce((sum, name) => sum + count(name).findings, 0);
    const symptoms = failing.reduce((sum, name) => sum + count(name).symptoms, 0);
    const kinds = failing.map((name) => counted(count(name).findings, ...CLASS_COUNTED[name]));
    parts.push(`${counted(problems, 'problem')} (${counted(symptoms, 'symptom')}): ${kinds.join(', ')}`);
  }
  const unchecked = count('not-checked');
  if (unchecked.findings > 0) parts.push(`${unchecked.findings} not checked (${counted(unchecked.symptoms, 'request')})`);
  return `${head}: ${parts.length > 0 ? parts.join('; ') : 'nothing violated, contradicted or changed'}`;
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
    const { findings: causes, symptoms } = report.counts[name];
    lines.push('', `${CLASS_TITLES[name].title} (${causes}${symptoms > causes ? `; ${counted(symptoms, 'symptom')}` : ''})`);
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

/** The cause on its line, then each symptom under it, unless the cause's own line says all there is (one symptom, the same words). */
function findingLines(finding: Finding, mark: string): string[] {
  const lines = [`  ${mark} ${finding.check}: ${finding.message}${evidenceOf(finding.evidence)}`];
  const [only] = finding.symptoms;
  if (finding.symptoms.length === 1 && only!.message === finding.message) return lines;
  for (const symptom of finding.symptoms) lines.push(`      · ${symptomText(finding, symptom)}${evidenceOf(symptom.evidence)}`);
  return lines;
}

/** A symptom in a few words: the request alone where what it showed is the cause's own words, else what it showed. */
export function symptomText(finding: Finding, symptom: Symptom): string {
  if (symptom.derived) return `follows from it: ${symptom.check}: ${symptom.message}`;
  const restates = symptom.check === finding.check && finding.message.endsWith(symptom.message.slice(symptom.request.length));
  return restates ? symptom.request : `${symptom.check}: ${symptom.message}`;
}

function evidenceOf(evidence: readonly number[]): string {
  return evidence.length > 0 ? ` [${evidence.map((index) => `#${index}`).join(' ')}]` : '';
}
