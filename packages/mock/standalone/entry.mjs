// The program of the single executable and of the container image: the mock's command, bundled into one script
// (bundle.mjs). Prism is taken from the bundle of its modules beside the executable when the build ships one (the
// image does), else the commands and answers that need it say in one line what to run instead.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runCli } from '../dist/cli/run-cli.js';
import { carryPrism } from '../dist/prism/prism-carried.js';

/** Where the image puts Prism's bundled modules: beside the executable. */
const prismFile = join(dirname(process.execPath), 'prism.cjs');

if (existsSync(prismFile)) {
  let modules;
  carryPrism({
    // A single executable's own require() loads built-in modules only; one made by createRequire loads files.
    module: (specifier) => {
      modules ??= createRequire(process.execPath)(prismFile);
      return modules[specifier];
    },
    absent: `this image carries in ${prismFile} but could not load: run the npm package with Prism installed instead (npx @thumbnail-api/mock; its README names the npm install)`,
  });
} else {
  carryPrism({
    module: () => undefined,
    absent:
      'this single executable does not carry: run the container image (thumbnail-api-mock), which does, or the npm package with Prism installed (npx @thumbnail-api/mock; its README names the npm install).',
  });
}

runCli(process.argv.slice(2)).catch((error) => {
  console.error(`thumbnail-api-mock: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
