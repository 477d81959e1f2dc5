// Writes dist/examples.json of the package in the current directory: every file of its examples/ (the testing guide's
// vitest setup, CI workflows, key registry) with its language and contents. The package exports it as
// `<package>/examples.json`, so the docs show the examples the package's tests run without reaching into its folder.
// Usage, from a package's build script: node ../../scripts/build-examples.mjs
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';

const examplesDir = join(process.cwd(), 'examples/');
const outFile = join(process.cwd(), 'dist', 'examples.json');
/** The info-string language of a Markdown block showing the file, by extension. */
const languages = { '.ts': 'ts', '.cjs': 'js', '.json': 'json', '.yml': 'yaml', '.yaml': 'yaml', '.sh': 'sh' };

// Files only, and those of one level of folders (a project laid out as users copy it, e.g. client-tests/); running
// vitest in examples/ leaves a node_modules/.vite cache, which is no example.
const filesIn = (folder) =>
  readdirSync(`${examplesDir}${folder}`, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${folder}${entry.name}`);
const folders = readdirSync(examplesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'node_modules');
const files = [...filesIn(''), ...folders.flatMap((entry) => filesIn(`${entry.name}/`))].sort();
const examples = files.map((name) => {
  const language = languages[/** @type {keyof typeof languages} */ (extname(name))];
  if (!language)
    throw new Error(
      `examples/${name}: no Markdown language is known for ${extname(name) || 'files without an extension'}; add it to the repository's scripts/build-examples.mjs.`,
    );
  return { name, language, code: readFileSync(`${examplesDir}${name}`, 'utf8') };
});
mkdirSync(join(process.cwd(), 'dist'), { recursive: true });
writeFileSync(outFile, `${JSON.stringify({ examples }, null, 2)}\n`);
