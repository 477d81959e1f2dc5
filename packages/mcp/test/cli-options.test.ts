// The command line: what limits the model is set here, by whoever starts the server; a wrong flag is a clear error.
import { describe, expect, test } from 'vitest';
import { CliUsageError, parseCliOptions } from '../src/cli/cli-options.js';

describe('parseCliOptions', () => {
  test('without flags: the service, the default budget, confirmation required, stdio', () => {
    expect(parseCliOptions([])).toEqual({
      maxCreates: undefined,
      allowUnconfirmedCreates: false,
      mock: undefined,
      testDoubleTools: false,
      timeoutMs: undefined,
      httpPort: undefined,
      help: false,
      version: false,
    });
  });

  test('reads every flag', () => {
    const argv = [
      '--max-creates',
      '0',
      '--allow-unconfirmed-creates',
      '--mock-url',
      'http://127.0.0.1:4010',
      '--test-double-tools',
      '--timeout-ms',
      '500',
      '--http',
      '0',
    ];
    expect(parseCliOptions(argv)).toMatchObject({
      maxCreates: 0,
      allowUnconfirmedCreates: true,
      mock: 'http://127.0.0.1:4010',
      testDoubleTools: true,
      timeoutMs: 500,
      httpPort: 0,
    });
    expect(parseCliOptions(['--mock']).mock).toBe('in-process');
  });

  test.each([
    [['--max-creates=-1'], '--max-creates takes a whole number from 0 to 1000; got "-1".'],
    [['--max-creates', '2.5'], '--max-creates takes a whole number from 0 to 1000; got "2.5".'],
    [['--max-creates', '1001'], '--max-creates takes a whole number from 0 to 1000; got "1001".'],
    [['--timeout-ms', '0'], '--timeout-ms takes a whole number from 1 to 3600000; got "0".'],
    [['--http', '65536'], '--http takes a whole number from 0 to 65535; got "65536".'],
    [['--mock', '--mock-url', 'http://127.0.0.1:4010'], 'Give --mock (a mock in this process) or --mock-url <url> (a running one), not both.'],
    [['--test-double-tools'], '--test-double-tools needs a dry run: add --mock, or --mock-url <url> of a running mock.'],
    [['--api-key', 'sk_live_x'], "Unknown option '--api-key'"],
    [['--max-creates'], "Option '--max-creates <value>' argument missing"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCliOptions(argv)).toThrow(CliUsageError);
    expect(() => parseCliOptions(argv)).toThrow(message);
  });
});
