// The report as JUnit XML (`--junit <file>`), which CI systems show as tests. Each finding is one test case, so the
// failures count causes, not symptoms: a violation, contradiction or drift fails with its symptoms in the body; the
// requests left unanswered err, one case per cause. Each request sent passes with what its answer showed (not-shown
// notes included) or is skipped when it was not sent; a confirmed assumption passes, an untested one is skipped.
import { FAILING_CLASSES, type Finding, type VerifyReport } from './findings.js';

export function formatJunit(report: VerifyReport): string {
  const cases: string[] = [];
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  for (const finding of report.findings) {
    const classname = finding.class.startsWith('assumption-') ? 'verify.assumptions' : `verify.${finding.operation ?? 'run'}`;
    const name = finding.assumption === undefined ? `${finding.check}: ${finding.message}` : `${finding.check} (${finding.assumption.pointer})`;
    const details = text([finding.message, ...symptomLines(finding)]);
    if (FAILING_CLASSES.has(finding.class)) {
      failures++;
      cases.push(testCase(classname, name, [`<failure message="${attribute(finding.message)}" type="${finding.class}">${details}</failure>`]));
    } else if (finding.class === 'not-checked') {
      errors++;
      cases.push(testCase(classname, name, [`<error message="${attribute(finding.message)}" type="not-checked">${details}</error>`]));
    } else if (finding.class === 'assumption-untested') {
      skipped++;
      cases.push(testCase(classname, name, [`<skipped message="${attribute(finding.message)}"/>`]));
    } else if (finding.class === 'assumption-confirmed') {
      cases.push(testCase(classname, name, [`<system-out>${details}</system-out>`]));
    }
  }
  for (const probe of report.probes) {
    const name = `${probe.method} ${probe.path} ${probe.title}`;
    if (probe.exchanges.length === 0) {
      skipped++;
      cases.push(testCase(`verify.${probe.operation}`, name, [`<skipped message="${attribute(probe.skipped ?? 'not sent')}"/>`]));
      continue;
    }
    const shown = report.findings.filter(
      (finding) => !finding.class.startsWith('assumption-') && finding.evidence.some((index) => probe.exchanges.includes(index)),
    );
    const out = [probe.why, ...shown.map((finding) => `${finding.class} ${finding.check}: ${finding.message}`)];
    cases.push(testCase(`verify.${probe.operation}`, name, [`<system-out>${text(out)}</system-out>`]));
  }
  const suite =
    `<testsuite name="thumbnail-api-verify ${attribute(report.baseUrl)}" tests="${cases.length}" failures="${failures}" ` +
    `errors="${errors}" skipped="${skipped}" timestamp="${report.startedAt}">`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', suite, ...cases, '</testsuite>', '</testsuites>', ''].join('\n');
}

function testCase(classname: string, name: string, body: readonly string[]): string {
  return `  <testcase classname="${attribute(classname)}" name="${attribute(name)}">${body.join('')}</testcase>`;
}

/** The symptoms under a finding, one line each, with their exchanges. */
function symptomLines(finding: Finding): string[] {
  return finding.symptoms.map(
    (symptom) =>
      `  ${symptom.derived ? 'follows from it: ' : ''}${symptom.check}: ${symptom.message} [${symptom.evidence.map((index) => `#${index}`).join(' ')}]`,
  );
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
