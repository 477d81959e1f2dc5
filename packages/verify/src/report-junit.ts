// The report as JUnit XML (`--junit <file>`), which CI systems show as tests: one test case per check. A probe's
// case fails on a violation or drift its answer showed, errs when it got no answer, and is skipped when it was not
// sent; an assumption's case fails when contradicted and is skipped when untested. Not-shown notes go to system-out.
import { FAILING_CLASSES, type Finding, type VerifyReport } from './findings.js';

export function formatJunit(report: VerifyReport): string {
  const cases: string[] = [];
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  const about = (index: number) => report.findings.filter((finding) => !finding.class.startsWith('assumption-') && finding.evidence.includes(index));
  for (const probe of report.probes) {
    const name = `${probe.method} ${probe.path} ${probe.title}`;
    const found = [...new Set(probe.exchanges.flatMap(about))];
    const failing = found.filter((finding) => FAILING_CLASSES.has(finding.class));
    const unanswered = found.filter((finding) => finding.class === 'not-checked');
    const notes = found.filter((finding) => finding.class === 'not-shown');
    const body: string[] = [];
    if (probe.exchanges.length === 0) {
      skipped++;
      body.push(`<skipped message="${attribute(probe.skipped ?? 'not sent')}"/>`);
    } else if (failing.length > 0) {
      failures++;
      body.push(`<failure message="${attribute(failing[0]!.message)}" type="${failing[0]!.class}">${text(lines(failing))}</failure>`);
    } else if (unanswered.length > 0) {
      errors++;
      body.push(`<error message="${attribute(unanswered[0]!.message)}" type="not-checked">${text(lines(unanswered))}</error>`);
    }
    body.push(`<system-out>${text([probe.why, ...lines(notes)].join('\n'))}</system-out>`);
    cases.push(testCase(`verify.${probe.operation}`, name, body));
  }
  for (const finding of report.findings.filter((candidate) => candidate.class.startsWith('assumption-'))) {
    const body: string[] = [];
    if (finding.class === 'assumption-contradicted') {
      failures++;
      body.push(`<failure message="${attribute(finding.message)}" type="assumption-contradicted">${text(finding.message)}</failure>`);
    } else if (finding.class === 'assumption-untested') {
      skipped++;
      body.push(`<skipped message="${attribute(finding.message)}"/>`);
    } else {
      body.push(`<system-out>${text(finding.message)}</system-out>`);
    }
    cases.push(testCase('verify.assumptions', `${finding.check} (${finding.assumption?.pointer ?? ''})`, body));
  }
  const suite =
    `<testsuite name="thumbnail-api-verify ${attribute(report.baseUrl)}" tests="${cases.length}" failures="${failures}" ` +
    `errors="${errors}" skipped="${skipped}" timestamp="${report.startedAt}">`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', suite, ...cases, '</testsuite>', '</testsuites>', ''].join('\n');
}

function testCase(classname: string, name: string, body: readonly string[]): string {
  return `  <testcase classname="${attribute(classname)}" name="${attribute(name)}">${body.join('')}</testcase>`;
}

function lines(findings: readonly Finding[]): string[] {
  return findings.map((finding) => `${finding.class} ${finding.check}: ${finding.message}`);
}

/** XML 1.0 has no place for most control characters, even escaped. */
function clean(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

function text(value: string | readonly string[]): string {
  const joined = typeof value === 'string' ? value : value.join('\n');
  return clean(joined).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}
