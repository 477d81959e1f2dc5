// Part of `build`: writes package.json's version into both builds' VERSION (dist/version.js, dist/cjs/version.js), so the
// User-Agent names the version that was published and nobody keeps a copy of it by hand. Run after the two compiles.
import { readFileSync, writeFileSync } from 'node:fs';

const PLACEHOLDER = /(["'])0\.0\.0-unbuilt\1/g;
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

for (const file of ['dist/version.js', 'dist/cjs/version.js']) {
  const url = new URL(`../${file}`, import.meta.url);
  const text = readFileSync(url, 'utf8');
  const found = text.match(PLACEHOLDER)?.length ?? 0;
  if (found !== 1) {
    console.error(
      `${file} holds the version placeholder '0.0.0-unbuilt' ${found} times, not once: keep src/version.ts as scripts/write-version.mjs expects it.`,
    );
    process.exit(1);
  }
  writeFileSync(url, text.replace(PLACEHOLDER, JSON.stringify(version)));
}
console.log(`dist/version.js and dist/cjs/version.js: VERSION ${version}.`);
