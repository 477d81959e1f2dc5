// The command's options from THUMBNAIL_API_MOCK_* variables, for containers, CI service containers and compose files,
// where flags are awkward: one mapping (--allowed-host <name> is THUMBNAIL_API_MOCK_ALLOWED_HOSTS=<name>,<name>), and
// a flag on the command line wins over its variable.
import { COVERAGE_DIR_VARIABLE } from '@thumbnail-api/spec/profile';
import { nearestOf } from '../double/nearest-name.js';

export const ENV_PREFIX = 'THUMBNAIL_API_MOCK_';

/** How a variable becomes a flag: one value, a comma-separated list (the flag repeated), or a switch. */
type Kind = 'value' | 'list' | 'switch';

/** Every flag a variable may set, by flag; a list's variable has the plural name (ALLOWED_HOSTS). */
const FLAGS = new Map<string, { readonly kind: Kind; readonly variable: string }>();
const define = (flag: string, kind: Kind, variable = flag.toUpperCase().replaceAll('-', '_')) =>
  FLAGS.set(flag, { kind, variable: `${ENV_PREFIX}${variable}` });
for (const flag of ['host', 'port', 'keys', 'spec', 'rules', 'journal-size', 'proxy', 'record', 'replay', 'coverage-report', 'require-coverage']) {
  define(flag, 'value');
}
define('cors-origin', 'list', 'CORS_ORIGINS');
define('allowed-host', 'list', 'ALLOWED_HOSTS');
define('redact', 'list');
for (const flag of ['no-control', 'require-key', 'fail-on-violation', 'log-requests']) define(flag, 'switch');

/** The variables and the flags they set, for the usage text and the docs. */
export const envVariables: readonly { readonly variable: string; readonly flag: string; readonly kind: Kind }[] = [...FLAGS].map(
  ([flag, { variable, kind }]) => ({
    variable,
    flag,
    kind,
  }),
);

/**
 * Variables of ours that are no options, never reported as unknown: a test run's marker, and the folder every mock of a
 * run writes its coverage into (read by each startMock() and createHandlers(), this command's own mock included).
 */
const NOT_OPTIONS = new RegExp(`^THUMBNAIL_API_MOCK_TEST_|^${COVERAGE_DIR_VARIABLE}$`);

/** What the environment adds to the command line, and the variable behind each flag (for error messages). */
export interface EnvArguments {
  /** Flags from the variables, to be put before the command line's own. */
  readonly args: readonly string[];
  /** Which variable set each flag (`port` → `THUMBNAIL_API_MOCK_PORT`). */
  readonly sources: ReadonlyMap<string, string>;
  /** Variables with our prefix that set nothing, with the nearest known name when one is close (a slip). */
  readonly unknown: readonly string[];
}

/**
 * The flags the THUMBNAIL_API_MOCK_* variables of `env` stand for, leaving out each flag that `argv` (before `--`)
 * gives itself. Throws an Error naming the variable for a switch that is neither true nor false.
 */
export function envArguments(argv: readonly string[], env: NodeJS.ProcessEnv): EnvArguments {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const given = new Set(own.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split('=')[0]));
  const args: string[] = [];
  const sources = new Map<string, string>();
  const known = new Set<string>();
  for (const [flag, { kind, variable }] of FLAGS) {
    known.add(variable);
    const value = env[variable];
    if (value === undefined || value.trim() === '' || given.has(flag)) continue;
    sources.set(flag, variable);
    if (kind === 'switch') {
      if (switchValue(variable, value)) args.push(`--${flag}`);
    } else if (kind === 'list') {
      for (const item of value.split(',').map((part) => part.trim())) if (item !== '') args.push(`--${flag}`, item);
    } else {
      args.push(`--${flag}`, value);
    }
  }
  const unknown = Object.keys(env)
    .filter((name) => name.startsWith(ENV_PREFIX) && !known.has(name) && !NOT_OPTIONS.test(name))
    .map((name) => {
      // Compared without the prefix they all share, which would make every name look near.
      const nearest = nearestOf(
        name.slice(ENV_PREFIX.length),
        [...known].map((variable) => variable.slice(ENV_PREFIX.length)),
      );
      return nearest ? `${name} (did you mean ${ENV_PREFIX}${nearest}?)` : name;
    });
  return { args, sources, unknown };
}

function switchValue(variable: string, value: string): boolean {
  const normalized = value.trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(normalized)) return true;
  if (['0', 'false', 'no'].includes(normalized)) return false;
  throw new Error(`${variable} must be true or false (or 1 or 0), got ${JSON.stringify(value)}.`);
}

/** `message` with the variable named after each flag it mentions that a variable set, so the fix is findable. */
export function withEnvSources(message: string, sources: ReadonlyMap<string, string>): string {
  const named = [...sources].filter(([flag]) => new RegExp(`--${flag}\\b`).test(message)).map(([, variable]) => variable);
  return named.length === 0 ? message : `${message} (set by ${named.join(', ')})`;
}
