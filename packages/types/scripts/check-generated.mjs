// Fails when generated/openapi.gen.d.ts no longer matches the bundled contract, naming the fix.
import { spawnSync } from 'node:child_process';

const result = spawnSync(
  'openapi-typescript',
  ['node_modules/@thumbnail-api/spec/dist/openapi.yaml', '--redocly', './redocly.yaml', '--output', 'generated/openapi.gen.d.ts', '--check'],
  { stdio: 'inherit', shell: process.platform === 'win32' },
);
if (result.status !== 0) {
  console.error('\ngenerated/openapi.gen.d.ts is stale: it does not match spec/. Run `pnpm generate` at the repository root and commit the result.');
  process.exit(1);
}
console.log('generated/openapi.gen.d.ts matches the contract.');
