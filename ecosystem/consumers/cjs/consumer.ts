// consumer.ts for a TypeScript user whose package is CommonJS (TS1479 if a package were ESM-only): type-checked
// under node16, nodenext and node10 resolution, compiled to CommonJS, and run with node. The throwaway project
// copies use-installed-packages.ts beside it.
import { useInstalledPackages } from './use-installed-packages.js';

useInstalledPackages((name) => require.resolve(name)).then(console.log, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
