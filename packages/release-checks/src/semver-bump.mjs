// Which kind of semver bump lies between two versions, and whether it is big enough for a change.

/** @typedef {'none' | 'patch' | 'minor' | 'major'} Bump */

/** @type {readonly Bump[]} */
const ORDER = ['none', 'patch', 'minor', 'major'];

/**
 * Splits `x.y.z` (an optional `-prerelease` and `+build` are allowed) into numbers.
 * @param {string} version
 */
export function parseVersion(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a semantic version: expected x.y.z, e.g. 1.4.0.`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

/**
 * The bump that turns `from` into `to`, e.g. 1.2.3 -> 2.0.0 is `major`; equal versions give `none`.
 * @param {string} from
 * @param {string} to
 * @returns {Bump}
 */
export function bumpBetween(from, to) {
  const a = parseVersion(from);
  const b = parseVersion(to);
  for (const [part, bump] of /** @type {const} */ ([
    ['major', 'major'],
    ['minor', 'minor'],
    ['patch', 'patch'],
  ])) {
    if (b[part] > a[part]) return bump;
    if (b[part] < a[part]) throw new Error(`Version ${to} is lower than the released version ${from}: versions only move up.`);
  }
  return 'none';
}

/**
 * Whether `bump` is at least `required` (major > minor > patch > none).
 * @param {Bump} bump
 * @param {Bump} required
 */
export function isAtLeast(bump, required) {
  return ORDER.indexOf(bump) >= ORDER.indexOf(required);
}

/**
 * The largest of the given bumps, `none` for none.
 * @param {Iterable<Bump>} bumps
 * @returns {Bump}
 */
export function largestBump(bumps) {
  let largest = /** @type {Bump} */ ('none');
  for (const bump of bumps) if (ORDER.indexOf(bump) > ORDER.indexOf(largest)) largest = bump;
  return largest;
}
