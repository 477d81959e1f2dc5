// Every guide block marked `run` sees what the mock answers: against a server that answers every request with a 200
// and a body the contract's examples never hold, each block fails its check (it exits non-zero, or does not print
// what it states), as it would against a mock that answered wrongly. A block that passes here passes whatever it is
// answered: give it a `// prints:` line.
import { createServer } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '@thumbnail-api/dev-tools/loopback-port';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { blockProblems, runBlocks } from './guide-blocks.js';
import { requireTools } from './run-sample.js';

let wrong: LoopbackServer;
beforeAll(async () => {
  await requireTools();
  wrong = await listenOnLoopback(createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"planted":"answer"}')));
});
afterAll(() => wrong?.close());

test.each(runBlocks.map((block) => [block.name, block] as const))(
  '%s fails against a server that answers every request 200 {"planted":"answer"}',
  async (_, block) => {
    expect(await blockProblems(block, { THUMBNAIL_API_BASE_URL: wrong.url, THUMBNAIL_API_KEY: 'docs-test-key' })).not.toEqual([]);
  },
);
