// The package's entry, imported by name as users import it (its built ES module and declarations): a server to serve
// over a transport of one's own, whose sessions share one budget.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createThumbnailMcpServer, DEFAULT_MAX_CREATES } from '@thumbnail-api/mcp';
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { afterAll, beforeAll, expect, test } from 'vitest';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(() => mock.stop());

test('createThumbnailMcpServer() serves the contract’s tools over any transport, with the default budget', async () => {
  const server = await createThumbnailMcpServer({ apiKey: 'sk_test_public_api', baseUrl: mock.url, dryRun: true, log: () => undefined });
  expect(server.budget).toMatchObject({ max: DEFAULT_MAX_CREATES, spent: 0, left: 3 });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(server.tools.map((tool) => tool.name));
  await client.close();
  await server.close();
});

test('a dry run refuses a base URL that is not the mock, before serving anything', async () => {
  await expect(createThumbnailMcpServer({ apiKey: 'sk_test_public_api', baseUrl: 'http://127.0.0.1:9', dryRun: true })).rejects.toThrow(
    /A dry run needs the Thumbnail API mock at http:\/\/127\.0\.0\.1:9, but its control surface did not answer/,
  );
});
