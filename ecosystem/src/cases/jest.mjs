// Jest 30 with its default configuration (no config file, no transform settings): test files are CommonJS, and
// packages are loaded as Jest's CommonJS runtime loads them. On Node.js 20, where most Jest users are and where
// Jest cannot require() an ES module (it can from Node.js 24.9).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastLines, verdictOfReport } from '../case-runner.mjs';
import { createClientProject, smokeConfig, smokeSource } from '../consumer-project.mjs';
import { run } from '../processes.mjs';
import { tools } from '../tools.mjs';

/** @param {import('../context.mjs').SuiteContext} context */
export function jestCases(context) {
  return [
    {
      name: 'jest30-default',
      run: async () => {
        const test = [
          "const sdk = require('@thumbnail-api/client');",
          "const { writeFileSync } = require('node:fs');",
          "const { runSmoke } = require('./smoke-core.cjs');",
          '',
          "test('the smoke program passes', async () => {",
          `  const report = await runSmoke(sdk, ${JSON.stringify(smokeConfig(context, 'node'))});`,
          "  writeFileSync(__dirname + '/smoke-report.json', JSON.stringify(report));",
          '  expect(report.checks.filter((check) => !check.ok)).toEqual([]);',
          '}, 60000);',
          '',
        ].join('\n');
        const dir = await createClientProject(context, 'jest', {
          manifest: { scripts: { test: 'jest' } },
          files: { 'smoke-core.cjs': smokeSource.cjs, 'smoke.test.js': test },
        });
        const jest = await run(tools.node[20], [join(tools.module('jest'), 'bin', 'jest.js'), '--ci', '--colors=false'], { cwd: dir, timeoutMs: 120_000 });
        const reportFile = join(dir, 'smoke-report.json');
        if (!existsSync(reportFile)) {
          const lines = (jest.stderr + jest.stdout)
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean);
          const reason = lines[lines.findIndex((line) => line.includes('Test suite failed to run')) + 1];
          throw new Error(`jest exited ${jest.code} before the smoke program ran: ${reason?.trim() ?? lastLines(jest.stderr + jest.stdout)}`);
        }
        const note = verdictOfReport(JSON.parse(readFileSync(reportFile, 'utf8')));
        if (jest.code !== 0) throw new Error(`jest exited ${jest.code}: ${lastLines(jest.stderr)}`);
        return note;
      },
    },
  ];
}
