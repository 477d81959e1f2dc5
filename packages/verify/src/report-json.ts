// The report as JSON (`--json <file>`): the whole report as the run built it (keys already removed), for scripts.
import type { VerifyReport } from './findings.js';

export function formatJson(report: VerifyReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
