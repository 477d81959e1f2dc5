// The test-double API from both builds, as a Jest suite (CommonJS) and a vitest one (ES modules) load the package.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

const body = `
  const mock = await startMock({ port: 0 });
  try {
    const rule = await mock.rule({ operationId: 'listThumbnails', times: 1, answer: { status: 503 } });
    const first = await fetch(mock.url + '/api/thumbnails', { headers: { 'x-api-key': 'dual-key' } });
    let refused;
    try { await mock.rule({ operationId: 'nope' }); } catch (error) { refused = [error.name, error instanceof MockRuleError]; }
    console.log(JSON.stringify({ status: first.status, answeredBy: mock.requests()[0].rule === rule.id, journal: mock.requests().map((entry) => entry.status), refused }));
  } finally {
    await mock.stop();
  }`;

test.each([
  ['CommonJS (require)', ['-e', `const { startMock, MockRuleError } = require('@thumbnail-api/mock'); (async () => {${body}})();`]],
  ['ES modules (import)', ['--input-type=module', '-e', `import { startMock, MockRuleError } from '@thumbnail-api/mock';${body}`]],
])('from %s: rules, their handle and the journal', async (_, args) => {
  const { stdout } = await run(process.execPath, args, { cwd: packageDir });
  expect(JSON.parse(stdout)).toEqual({ status: 503, answeredBy: true, journal: [503], refused: ['MockRuleError', true] });
});
