// The repository paths a Markdown document names (in `code spans` and link targets) that do not exist, and the headings
// its links point at that are gone, so that a README or CONTRIBUTING.md cannot keep pointing at what was renamed or moved.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A path a document names that is not there. */
export interface MissingPath {
  /** The document, relative to the root. */
  readonly document: string;
  /** 1-based line where it is named. */
  readonly line: number;
  /** As written in the document. */
  readonly named: string;
  /** Where it was looked for, relative to the root (with `#anchor` for a heading that is not there). */
  readonly lookedAt: string;
}

/** What {@link checkPathsIn} found in one document. */
export interface PathsChecked {
  /** How many paths the document names that this check could judge. */
  readonly checked: number;
  readonly missing: readonly MissingPath[];
}

// Built, installed or per-run folders: absent from a fresh clone, so a document may name them without them existing.
const NOT_IN_A_CLONE = new Set(['dist', '.build', 'node_modules', '.tools', 'test-results', '.turbo']);
const FENCE = /^\s*(?:`{3,}|~{3,})/;
const CODE_SPAN = /(`+)([^`]+?)\1(?!`)/g;
const LINK_TARGET = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** `a/{b,c}/d` as `a/b/d` and `a/c/d` (one brace group, as the documents write them). */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]+)\}/.exec(path);
  if (!match) return [path];
  return match[1]!.split(',').flatMap((choice) => expandBraces(path.slice(0, match.index) + choice + path.slice(match.index + match[0].length)));
}

/**
 * Where a code span's text could be, if it is a path this check can judge: it has a `/`, is not an import specifier,
 * URL, glob, placeholder or command, and its first segment exists beside the document or at the root (either counts).
 */
function codeSpanTargets(text: string, root: string, documentDir: string): string[] {
  const path = text.trim().split('#')[0]!;
  if (!path.includes('/') || /[\s<>*$=:?|'"`()[\]\\]/.test(path) || /^[@~]/.test(path) || path.startsWith('./')) return [];
  // Relative to the document: how a path outside the repository is usually written.
  if (path.startsWith('../')) return [relative(root, join(documentDir, path))];
  const first = path.split('/')[0]!;
  if (first === '') return [];
  return [...new Set([documentDir, root])].filter((dir) => existsSync(join(dir, first))).map((dir) => relative(root, join(dir, path)));
}

/** A link target that names a file of the repository, relative to the root, and its fragment; undefined for URLs. */
function linkTarget(target: string, root: string, document: string): { path: string; fragment: string } | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(target)) return undefined;
  const [rawPath = '', fragment = ''] = target.split('#');
  const path = decodeURI(rawPath);
  // `#anchor` alone is a place in the document itself.
  if (path === '') return { path: relative(root, document), fragment };
  return { path: relative(root, path.startsWith('/') ? join(root, path) : join(dirname(document), path)), fragment };
}

const anchorsByFile = new Map<string, Set<string>>();

/** The anchors GitHub gives a Markdown file's headings (lower case, punctuation dropped, spaces as `-`, repeats `-1`), and its `id`s. */
export function headingAnchors(file: string): Set<string> {
  const cached = anchorsByFile.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (FENCE.test(text)) fenced = !fenced;
    if (fenced) continue;
    for (const match of text.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const words = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .toLowerCase();
    const base = words.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

function builtOrInstalled(path: string): boolean {
  return path.split('/').some((segment) => NOT_IN_A_CLONE.has(segment));
}

/**
 * The paths `document` (relative to `root`) names that do not exist or lie outside `root`; fenced code blocks are skipped
 * (they show commands). `accept(path)` lets a path (relative to the root) that is written later, such as by a release, pass.
 */
export function checkPathsIn(root: string, document: string, accept: (path: string) => boolean = () => false): PathsChecked {
  const rootDir = resolve(root);
  const documentDir = dirname(join(rootDir, document));
  const missing: MissingPath[] = [];
  let checked = 0;
  let fenced = false;
  readFileSync(join(rootDir, document), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (FENCE.test(text)) fenced = !fenced;
      if (fenced || FENCE.test(text)) return;
      const named: { named: string; targets: string[] }[] = [];
      // Link targets first, then code spans outside them (a span inside link text is the link's label).
      for (const match of text.matchAll(LINK_TARGET)) {
        const target = linkTarget(match[1]!, rootDir, join(rootDir, document));
        if (target === undefined) continue;
        const file = join(rootDir, target.path);
        // A heading a link points at (`README.md#speed`) must still be there: renaming one breaks the link silently.
        if (target.fragment !== '' && target.path.endsWith('.md') && existsSync(file)) {
          checked++;
          if (!headingAnchors(file).has(decodeURIComponent(target.fragment).toLowerCase())) {
            missing.push({ document, line: index + 1, named: match[1]!, lookedAt: `${target.path}#${target.fragment}` });
          }
          continue;
        }
        if (target.path !== relative(rootDir, join(rootDir, document))) named.push({ named: match[1]!, targets: [target.path] });
      }
      for (const match of text.replace(LINK_TARGET, '').matchAll(CODE_SPAN)) {
        named.push({ named: match[2]!.trim(), targets: codeSpanTargets(match[2]!, rootDir, documentDir) });
      }
      for (const { named: as, targets } of named) {
        if (targets.length === 0 || targets.some(builtOrInstalled) || targets.some((target) => accept(target))) continue;
        checked++;
        const outside = targets.find((target) => target === '..' || target.startsWith('../'));
        if (outside !== undefined) {
          missing.push({ document, line: index + 1, named: as, lookedAt: 'outside the repository' });
          continue;
        }
        // Every brace choice must exist, in one of the places the path could be.
        const choices = targets.map(expandBraces);
        for (const [choice, candidate] of choices[0]!.entries()) {
          if (!choices.some((options) => existsSync(join(rootDir, options[choice]!)))) {
            missing.push({ document, line: index + 1, named: as, lookedAt: candidate });
          }
        }
      }
    });
  return { checked, missing };
}

/** One line per missing path: where it is named, as written, and where it was looked for. */
export function describeMissing(missing: readonly MissingPath[]): string {
  return missing
    .map((item) => {
      const [file, anchor] = item.lookedAt.split('#');
      const why =
        item.lookedAt === 'outside the repository'
          ? 'points outside the repository'
          : anchor !== undefined
            ? `no heading #${anchor} in ${file}`
            : `no ${item.lookedAt} in the repository`;
      return `${item.document}:${item.line}: \`${item.named}\` (${why})`;
    })
    .join('\n');
}
