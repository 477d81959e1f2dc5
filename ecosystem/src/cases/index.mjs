// Every case of the suite, in the order they run.
import { releaseRehearsalCases } from '../release-rehearsal.mjs';
import { allPackagesCases } from './all-packages.mjs';
import { bunCases, denoCases } from './bun-deno.mjs';
import { bundlerCases } from './bundlers.mjs';
import { jestCases } from './jest.mjs';
import { mockPnpmDlxCases } from './mock-pnpm-dlx.mjs';
import { mswCases } from './msw.mjs';
import { nodeCases } from './node.mjs';
import { typescriptCases } from './typescript.mjs';
import { workerCases } from './workers.mjs';

/**
 * @param {import('../context.mjs').SuiteContext} context
 * @returns {import('../case-runner.mjs').EcosystemCase[]}
 */
export function allCases(context) {
  return [
    ...mockPnpmDlxCases(context),
    ...nodeCases(context),
    ...jestCases(context),
    ...typescriptCases(context),
    ...allPackagesCases(context),
    ...mswCases(context),
    ...bunCases(context),
    ...denoCases(context),
    ...workerCases(context),
    ...bundlerCases(context),
    ...releaseRehearsalCases(context),
  ];
}
