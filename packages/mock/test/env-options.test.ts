// THUMBNAIL_API_MOCK_* variables as the command's options: one mapping for every flag, a flag on the command line
// winning over its variable, lists split on commas, switches read as booleans, slips named.
import { describe, expect, test } from 'vitest';
import { parseCliOptions, usage } from '../src/cli/cli-options.js';
import { envArguments, envVariables, withEnvSources } from '../src/cli/env-options.js';

const parse = (argv: string[], env: NodeJS.ProcessEnv) => parseCliOptions([...envArguments(argv, env).args, ...argv]);

describe('envArguments', () => {
  test.each([
    ['a value', {}, { THUMBNAIL_API_MOCK_PORT: '5000' }, { port: 5000 }],
    ['a flag wins over its variable', ['--port', '6000'], { THUMBNAIL_API_MOCK_PORT: '5000' }, { port: 6000 }],
    ['a flag written with = wins too', ['--port=6001'], { THUMBNAIL_API_MOCK_PORT: '5000' }, { port: 6001 }],
    ['a list, comma-separated, under the plural name', {}, { THUMBNAIL_API_MOCK_ALLOWED_HOSTS: 'mock, api ,' }, { allowedHosts: ['mock', 'api'] }],
    ['a switch set true', {}, { THUMBNAIL_API_MOCK_LOG_REQUESTS: 'true' }, { logRequests: true }],
    ['a switch set 0', {}, { THUMBNAIL_API_MOCK_NO_CONTROL: '0' }, { control: true }],
    ['a switch set 1', {}, { THUMBNAIL_API_MOCK_NO_CONTROL: '1' }, { control: false }],
    ['an empty variable is no value', {}, { THUMBNAIL_API_MOCK_HOST: ' ' }, { host: '127.0.0.1' }],
    ['a variable before -- only: the command keeps its own flags', ['--', 'npm', 'test', '--port', '1'], { THUMBNAIL_API_MOCK_PORT: '5000' }, { port: 5000 }],
  ] as const)('%s', (_, argv, env, expected) => {
    expect(parse(Array.isArray(argv) ? [...argv] : [], env)).toMatchObject(expected);
  });

  test('a switch that is neither true nor false is refused, naming the variable', () => {
    expect(() => envArguments([], { THUMBNAIL_API_MOCK_REQUIRE_KEY: 'maybe' })).toThrow(
      'THUMBNAIL_API_MOCK_REQUIRE_KEY must be true or false (or 1 or 0), got "maybe".',
    );
  });

  test('a variable with the prefix that names no option is reported with the nearest name; a test marker and the coverage folder are not', () => {
    const { unknown } = envArguments([], {
      THUMBNAIL_API_MOCK_JURNAL_SIZE: '3',
      THUMBNAIL_API_MOCK_TEST_RUN: 'x',
      THUMBNAIL_API_MOCK_WHATEVER: 'y',
      THUMBNAIL_API_MOCK_COVERAGE_DIR: '/tmp/run',
    });
    expect(unknown).toEqual(['THUMBNAIL_API_MOCK_JURNAL_SIZE (did you mean THUMBNAIL_API_MOCK_JOURNAL_SIZE?)', 'THUMBNAIL_API_MOCK_WHATEVER']);
  });

  test("a refused value's message names the variable that set it", () => {
    const { sources } = envArguments([], { THUMBNAIL_API_MOCK_PORT: 'abc' });
    expect(withEnvSources('--port must be an integer from 0 to 65535, got "abc".', sources)).toBe(
      '--port must be an integer from 0 to 65535, got "abc". (set by THUMBNAIL_API_MOCK_PORT)',
    );
  });
});

test('one mapping: every option in the usage has a variable, and every variable an option', () => {
  const flags = [...usage.matchAll(/^ {2}--([a-z-]+)/gm)].map(([, flag]) => flag).filter((flag) => flag !== 'help' && flag !== 'version');
  expect(envVariables.map((entry) => entry.flag).sort()).toEqual([...new Set(flags)].sort());
});
