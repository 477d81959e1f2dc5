// The same program as consumer.ts for a CommonJS user who writes plain JavaScript: `require` loads the packages'
// CommonJS builds (here through use-installed-packages.js as tsc compiled it for the CommonJS folder), and the
// types package's entry, which TypeScript users only import types from, loads too.
const { useInstalledPackages } = require('./cjs/out/use-installed-packages.js');
require('@thumbnail-api/types');

useInstalledPackages((name) => require.resolve(name)).then(console.log, (error) => {
  console.error(error);
  process.exitCode = 1;
});
