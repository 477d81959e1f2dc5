// `check` task: every path CONTRIBUTING.md and the READMEs of the repository name exists, and none points outside it.
// Run from anywhere inside the repository; exits 1 naming each stale path and where it is written.
import { execFileSync } from 'node:child_process';
import { checkPathsIn, describeMissing } from './doc-paths.js';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
// Fixture folders describe files of a test's own making; the documents checked are the ones people read.
const documents = execFileSync('git', ['ls-files', '--', 'CONTRIBUTING.md', 'README.md', '**/README.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((document) => document !== '' && !document.includes('/fixtures/'));
// Written by the first release (`pnpm version-packages`); the release guide names them before they exist.
const writtenByARelease = (path: string) => /^spec\/released(\/|$)/.test(path) || path.endsWith('CHANGELOG.md');
const results = documents.map((document) => checkPathsIn(root, document, writtenByARelease));
const missing = results.flatMap((result) => result.missing);
const checked = results.reduce((sum, result) => sum + result.checked, 0);
if (missing.length > 0) {
  console.error(`${missing.length} path(s) named in the documentation are not in the repository; fix the name or the file:\n${describeMissing(missing)}`);
  process.exit(1);
}
console.log(`Documentation paths: all ${checked} paths named in ${documents.length} documents exist (${documents.join(', ')}).`);
