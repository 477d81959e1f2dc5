// Against real HTTP servers on 127.0.0.1: a closed port is seen as closed, one that still answers is reported as such.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { connectionOutcome, portClosed } from '../src/port-closed.js';

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

async function listening(): Promise<{ server: Server; url: string }> {
  const server = createServer((_, response) => response.writeHead(204).end());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('portClosed', () => {
  test('a server that answers is reported with its status, and stays "open" until the time runs out', async () => {
    const { url } = await listening();
    expect(await connectionOutcome(url)).toBe('answered 204');
    expect(await portClosed(url, 300)).toBe('answered 204');
  });

  test('a server that closes while it is asked is seen as ECONNREFUSED', async () => {
    const { server, url } = await listening();
    setTimeout(() => server.close(), 250);
    expect(await portClosed(url, 5_000)).toBe('ECONNREFUSED');
  });

  test('a port nothing listens on is ECONNREFUSED at once', async () => {
    const { server, url } = await listening();
    await new Promise((resolve) => server.close(resolve));
    expect(await connectionOutcome(url)).toBe('ECONNREFUSED');
  });
});
