// The report as GitHub-flavoured Markdown, appended to $GITHUB_STEP_SUMMARY when it is set: the verdict, the budget,
// the findings by class in tables, and the requests sent folded away.
import { FINDING_CLASSES, type VerifyReport } from './findings.js';
import { CLASS_TITLES, sentLine, verdictLine } from './report-human.js';

export function formatMarkdown(report: VerifyReport): string {
  const out = [
    `## thumbnail-api-verify: ${cell(report.baseUrl)}`,
    '',
    `**${verdictLine(report)}**`,
    '',
    ...(report.stopped === undefined ? [] : [`Stopped early: ${cell(report.stopped)}`, '']),
    sentLine(report),
    '',
    '| Class | Findings |',
    '|---|---|',
    ...FINDING_CLASSES.map((name) => `| ${name} | ${report.counts[name]} |`),
  ];
  for (const name of FINDING_CLASSES) {
    const findings = report.findings.filter((finding) => finding.class === name);
    if (findings.length === 0) continue;
    out.push('', `### ${CLASS_TITLES[name].mark} ${CLASS_TITLES[name].title}`, '', '| Check | What | Evidence |', '|---|---|---|');
    for (const finding of findings) {
      out.push(`| \`${finding.check}\` | ${cell(finding.message)} | ${finding.evidence.map((index) => `#${index}`).join(' ')} |`);
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

/** Text that stays inside one table cell, and shows as text (no HTML). */
function cell(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
