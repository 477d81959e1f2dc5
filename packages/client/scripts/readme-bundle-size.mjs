// Writes the bundle-size figures into README.md (between the bundle-size markers) from bench/bundle-size.mjs,
// so the README never shows a hand-typed number. `--check` (part of `pnpm check`) fails when the README is stale.
// Run after the build: it measures dist/.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureBundleSize } from '../bench/bundle-size.mjs';

const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
const START =
  '<!-- bundle-size: written by `pnpm --filter @thumbnail-api/client run sync:bundle-size` (scripts/readme-bundle-size.mjs); do not edit by hand -->';
const END = '<!-- /bundle-size -->';
const FIX = 'pnpm --filter @thumbnail-api/client run sync:bundle-size';
// Gzip output may differ by a few bytes between the zlib of one Node.js and another's: that is not staleness.
const GZIP_TOLERANCE_KB = 0.1;

const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * @param {Awaited<ReturnType<typeof measureBundleSize>>} size
 * @param {{ whole?: string, openapiFetch?: string, noMessages?: string }} gz the gzip figures to show, as strings
 */
function render(size, gz) {
  const largest = size.modules
    .slice(0, 3)
    .map(({ module, min }) => `\`${module}\` ${kb(min)} kB`)
    .join(', ');
  return [
    START,
    `The bundle (esbuild, minified, ESM, browser platform; gzip level 9) is **${gz.whole} kB gzipped**, ${kb(size.whole.min)} kB`,
    `minified; ${gz.openapiFetch} kB gzipped of it is openapi-fetch. This package's largest modules, minified:`,
    `${largest}. Issue 24's target is at most 9 kB gzipped: ${Number(gz.whole) <= 9 ? 'met' : 'not met'}. With the text of every`,
    `message emptied, the same code would be **${gz.noMessages} kB gzipped**: the floor under any rewording.`,
    END,
  ].join('\n');
}

const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start === -1 || end < start) {
  console.error(`README.md has no bundle-size section: put these two lines where the figures belong, then run ${FIX}:\n${START}\n${END}`);
  process.exit(1);
}
const current = readme.slice(start, end + END.length);
const size = await measureBundleSize();
const measured = { whole: kb(size.whole.gz), openapiFetch: kb(size.openapiFetch.gz), noMessages: kb(size.noMessages.gz) };

if (process.argv.includes('--check')) {
  const shown = /\*\*([\d.]+) kB gzipped\*\*[^;]*; ([\d.]+) kB gzipped[\s\S]*\*\*([\d.]+) kB gzipped\*\*/.exec(current);
  const close = (shownKb, bytes) => shownKb !== undefined && Math.abs(Number(shownKb) - bytes / 1024) <= GZIP_TOLERANCE_KB;
  const gz = {
    whole: close(shown?.[1], size.whole.gz) ? shown?.[1] : measured.whole,
    openapiFetch: close(shown?.[2], size.openapiFetch.gz) ? shown?.[2] : measured.openapiFetch,
    noMessages: close(shown?.[3], size.noMessages.gz) ? shown?.[3] : measured.noMessages,
  };
  if (render(size, gz) !== current) {
    console.error(`README.md's bundle-size figures are stale (measured ${measured.whole} kB gzipped, ${kb(size.whole.min)} kB minified). Run: ${FIX}`);
    process.exit(1);
  }
  console.log(`README.md's bundle-size figures match the build (${measured.whole} kB gzipped, ${kb(size.whole.min)} kB minified).`);
} else {
  writeFileSync(readmePath, readme.replace(current, render(size, measured)));
  console.log(`README.md: ${measured.whole} kB gzipped, ${kb(size.whole.min)} kB minified.`);
}
