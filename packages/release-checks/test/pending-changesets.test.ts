// The repository's own pending changesets, read as `pnpm version-packages` reads them: a release cannot start from a
// plan Changesets refuses (e.g. one changeset naming the private docs package beside a published one).
import { fileURLToPath } from 'node:url';
import getReleasePlan from '@changesets/get-release-plan';
import { expect, test } from 'vitest';
import { PUBLIC_PACKAGES } from '../src/repo-layout.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

test('the pending changesets make a release plan that moves the published packages together', async () => {
  const plan = await getReleasePlan(root);
  const published = plan.releases.filter((release) => release.type !== 'none').map((release) => [release.name, release.newVersion]);
  const versions = new Set(published.map(([, version]) => version));
  // One fixed group: all of them, or none, and one version.
  expect(published.length === 0 || (published.length === PUBLIC_PACKAGES.length && versions.size === 1)).toBe(true);
});
