// The report as GitHub-flavoured Markdown, appended to $GITHUB_STEP_SUMMARY when it is set: the verdict, the budget,
// the findings by class in tables (one row per cause, its symptoms in the row), and the requests sent folded away.
import { FINDING_CLASSES, type Finding, type VerifyReport } from './findings.js';
import { CLASS_TITLES, sentLine, symptomText, verdictLine } from './report-human.js';

export function formatMarkdown(report: VerifyReport): string {
  const out = [
    `## thumbnail-api-verify: ${cell(report.baseUrl)}`,
    '',
    `**${verdictLine(report)}**`,
    '',
    ...(report.stopped === undefined ? [] : [`Stopped early: ${cell(report.stopped)}`, '']),
    sentLine(report),
    '',
    '| Class | Findings | Symptoms |',
    '|---|---|---|',
    ...FINDING_CLASSES.map((name) => `| ${name} | ${report.counts[name].findings} | ${report.counts[name].symptoms} |`),
  ];
  for (const name of FINDING_CLASSES) {
    const findings = report.findings.filter((finding) => finding.class === name);
    if (findings.length === 0) continue;
    out.push('', `### ${CLASS_TITLES[name].mark} ${CLASS_TITLES[name].title}`, '', '| Check | What | Symptoms | Evidence |', '|---|---|---|---|');
    for (const finding of findings) {
      out.push(`| \`${finding.check}\` | ${cell(finding.message)} | ${symptomsCell(finding)} | ${finding.evidence.map((index) => `#${index}`).join(' ')} |`);
    }
  }
  out.push('', '<details><summary>Requests, and why each was sent</summary>', '', '| # | Request | Answer | Why |', '|---|---|---|---|');
  for (const probe of report.probes) {
    const request = `${probe.method} ${probe.path} (${cell(probe.title)})`;
    if (probe.exchanges.length === 0) out.push(`| – | ${request} | not sent | ${cell(probe.skipped ?? '')} |`);
    for (const index of probe.exchanges) {
      const exchange = report.exchanges[index]!;
      const answer = exchange.answer?.status ?? exchange.failure?.kind ?? '';
      out.push(
        `| ${index} | ${request} | ${answer}${exchange.pushback ? ' (pushed back)' : ''} | ${cell(`${probe.why}${probe.billing ? ` ${probe.billing}` : ''}`)} |`,
      );
    }
  }
  out.push('', '</details>', '');
  return out.join('\n');
}

/** Each symptom on a line of its own in the cell (a single one that says what the cause says: nothing more). */
function symptomsCell(finding: Finding): string {
  if (finding.symptoms.length === 1 && finding.symptoms[0]!.message === finding.message) return '';
  return finding.symptoms.map((symptom) => `${cell(symptomText(finding, symptom))} (${symptom.evidence.map((index) => `#${index}`).join(' ')})`).join('<br>');
}

/** Text that stays inside one table cell, and shows as text (no HTML). */
function cell(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
