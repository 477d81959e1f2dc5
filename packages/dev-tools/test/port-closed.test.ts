// Against real HTTP servers on 127.0.0.1: a closed port is seen as closed, one that still answers is reported as such.
import { createServer } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { type LoopbackServer, listenOnLoopback } from '../src/loopback-port.js';
import { connectionOutcome, portClosed } from '../src/port-closed.js';

const servers: LoopbackServer[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => server.close())));

async function listening(): Promise<{ server: LoopbackServer; url: string }> {
  const server = await listenOnLoopback(createServer((_, response) => response.writeHead(204).end()));
  servers.push(server);
  return { server, url: `${server.url}/` };
}

describe('portClosed', () => {
  test('a server that answers is reported with its status, and stays "open" until the time runs out', async () => {
    const { url } = await listening();
    expect(await connectionOutcome(url)).toBe('answered 204');
    expect(await portClosed(url, 300)).toBe('answered 204');
  });

  test('a server that closes while it is asked is seen as ECONNREFUSED', async () => {
    const { server, url } = await listening();
    setTimeout(() => void server.close(), 250);
    expect(await portClosed(url, 5_000)).toBe('ECONNREFUSED');
  });

  test('a port nothing listens on is ECONNREFUSED at once', async () => {
    const { server, url } = await listening();
    await server.close();
    expect(await connectionOutcome(url)).toBe('ECONNREFUSED');
  });
});
