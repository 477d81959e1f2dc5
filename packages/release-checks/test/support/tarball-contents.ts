// What each published tarball may contain, and what none may: the rules the pack test asserts.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** Files any package may ship. */
const COMMON = [/^package\.json$/, /^README\.md$/, /^LICENSE(\.md)?$/, /^CHANGELOG\.md$/];

/** Per package: the only other files it may ship (compiled output, the contract, generated types). */
export const ALLOWED_FILES: Record<string, RegExp[]> = {
  // ES modules in dist/, CommonJS in dist/cjs/ (its package.json says so).
  '@thumbnail-api/spec': [/^dist\/openapi\.(json|yaml)$/, /^dist\/[\w/-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/],
  '@thumbnail-api/types': [/^src\/index\.(js|d\.ts)$/, /^generated\/openapi\.gen\.d\.ts$/],
  '@thumbnail-api/client': [/^dist\/[\w/-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/],
  '@thumbnail-api/mock': [
    /^dist\/[\w/-]+\.(js|d\.ts)$/,
    /^dist\/cjs\/package\.json$/,
    /^dist\/(examples|control-openapi)\.json$/,
    /^bin\/thumbnail-api-mock\.js$/,
  ],
  // A command: ES modules only, no declarations (nothing imports it).
  '@thumbnail-api/verify': [/^dist\/[\w-]+\.js$/, /^dist\/examples\.json$/, /^bin\/thumbnail-api-verify\.js$/],
  '@thumbnail-api/mcp': [/^dist\/[\w/-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^bin\/thumbnail-api-mcp\.js$/],
};

/** Files no package may ship, whatever its allow-list says, with the reason a reviewer reads. */
const FORBIDDEN: [RegExp, string][] = [
  [/(^|\/)(test|tests|__tests__|__fixtures__|fixtures)\//, 'test code or fixtures'],
  [/\.(test|spec)(-d)?\.[cm]?[jt]s$/, 'a test file'],
  [/(^|\/)tsconfig[\w.-]*\.json$/, 'a tsconfig'],
  [/(^|\/)\.env(\.|$)/, 'an .env file'],
  [/(^|\/)\.npmrc$/, 'an .npmrc (may hold a registry token)'],
  [/\.(pem|key|p12|pfx)$/, 'a key or certificate'],
  [/(^|\/)(test-results|coverage|\.turbo)\//, 'local build or test output'],
];

/** Text that looks like a credential. */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
  [/\bnpm_[A-Za-z0-9]{36}\b/, 'an npm token'],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/, 'a GitHub token'],
  [/\bAKIA[0-9A-Z]{16}\b/, 'an AWS access key id'],
  [/_authToken\s*=/, 'an npm auth token setting'],
];

/** Every problem with the file list of package `name`, each naming the file and what is wrong. */
export function fileListProblems(name: string, files: readonly string[]): string[] {
  const allowed = [...COMMON, ...(ALLOWED_FILES[name] ?? [])];
  const problems: string[] = [];
  for (const file of files) {
    const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(file));
    if (forbidden) problems.push(`${file}: ${forbidden[1]} must not be published`);
    else if (!allowed.some((pattern) => pattern.test(file)))
      problems.push(`${file}: not on the list of what ${name} publishes (test/support/tarball-contents.ts)`);
  }
  return problems;
}

/** Source maps whose sources are not in the tarball (a map pointing nowhere), and credentials in any file. */
export function contentProblems(packageDir: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const shipped = new Set(files);
  for (const file of files) {
    const text = readFileSync(join(packageDir, file), 'utf8');
    for (const [pattern, what] of SECRET_PATTERNS) if (pattern.test(text)) problems.push(`${file}: contains what looks like ${what}`);
    if (file.endsWith('.map')) {
      const map = JSON.parse(text) as { sources?: string[]; sourceRoot?: string; sourcesContent?: unknown[] };
      for (const [index, source] of (map.sources ?? []).entries()) {
        const target = posix.normalize(posix.join(dirname(file), map.sourceRoot ?? '', source));
        if (!shipped.has(target) && map.sourcesContent?.[index] == null) problems.push(`${file}: maps to ${target}, which is not published`);
      }
    }
  }
  return problems;
}

/** Sum of the unpacked file sizes, in bytes. */
export function unpackedBytes(packageDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + statSync(join(packageDir, file)).size, 0);
}
