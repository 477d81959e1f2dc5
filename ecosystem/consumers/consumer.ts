// A user's program in an ES module package, copied into the ecosystem suite's all-packages project (the four
// packages installed by range from the local registry): type-checked there under node16, nodenext and bundler
// resolution, compiled, and run with node against the mock from the installed mock package. cjs/consumer.ts is the
// same program in a CommonJS package; both do what use-installed-packages.ts says.
import { useInstalledPackages } from './use-installed-packages.js';

console.log(await useInstalledPackages((name) => import.meta.resolve(name)));
