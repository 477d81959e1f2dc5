// The three implementations of the test-double interface, started the same way for the suites that run every case
// against each: startMock()'s result, createHandlers()'s (through msw/node) and connectMock() over HTTP to the
// command-line mock in its own process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { connectMock, type KeyRegistry, startMock, type TestDouble } from '../../src/index.js';
import { createHandlers } from '../../src/msw.js';
import { killAllRuns, runCli } from './cli.js';

export interface Implementation {
  readonly double: TestDouble;
  /** Where a client sends its requests. */
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** What the suites start each implementation with; the command line gets the same as flags (files in `dir`). */
export interface DoubleOptions {
  readonly keys?: KeyRegistry;
  readonly requireKey?: boolean;
  /** Another contract to serve (a file). */
  readonly specPath?: string;
  readonly journalSize?: number;
}

/** Starts each implementation with `options`; `dir` holds the files the command line reads them from. */
export function implementations(options: DoubleOptions = {}, dir?: string): Record<string, () => Promise<Implementation>> {
  return {
    'startMock()': async () => {
      const mock = await startMock({ port: 0, ...options });
      return { double: mock, baseUrl: mock.url, stop: () => mock.stop() };
    },
    'createHandlers() through msw/node': async () => {
      const handlers = await createHandlers({ baseUrl: 'https://api.thumbnails.test', ...options });
      const server = setupServer(...handlers.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      return {
        double: handlers,
        baseUrl: handlers.baseUrl,
        stop: async () => {
          // With requireKey every test ends its own key's held requests.
          if (!options.requireKey) handlers.endPending();
          server.close();
        },
      };
    },
    'connectMock() to the command-line mock': async () => {
      const args = ['--port', '0'];
      if (options.requireKey) args.push('--require-key');
      if (options.specPath) args.push('--spec', options.specPath);
      if (options.journalSize !== undefined) args.push('--journal-size', String(options.journalSize));
      if (options.keys) {
        if (dir === undefined) throw new Error('The command line reads the key registry from a file: give a folder.');
        const file = join(dir, 'keys.json');
        writeFileSync(file, JSON.stringify(options.keys));
        args.push('--keys', file);
      }
      const url = await runCli(args).ready();
      return { double: connectMock(url), baseUrl: url, stop: killAllRuns };
    },
  };
}
