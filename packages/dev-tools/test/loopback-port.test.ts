// Against real servers on 127.0.0.1: what listenOnLoopback hands back answers, and close() really lets go of the port.
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { freePort, listenOnLoopback } from '../src/loopback-port.js';
import { connectionOutcome } from '../src/port-closed.js';

describe('listenOnLoopback', () => {
  test('serves on 127.0.0.1 at the url and port it gives', async () => {
    const server = await listenOnLoopback(createHttpServer((_, response) => response.end('here')));
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(await (await fetch(server.url)).text()).toBe('here');
    } finally {
      await server.close();
    }
  });

  test('close() drops a kept-alive connection and the port refuses afterwards', async () => {
    const server = await listenOnLoopback(createHttpServer((_, response) => response.end('here')));
    // fetch keeps this connection open for the next request: close() must not wait for it.
    await (await fetch(server.url)).text();
    await server.close();
    expect(await connectionOutcome(server.url)).toBe('ECONNREFUSED');
  });

  test('rejects, naming why, when the server cannot listen', async () => {
    const server = createServer();
    const listening = await listenOnLoopback(server);
    try {
      await expect(listenOnLoopback(server)).rejects.toMatchObject({ code: 'ERR_SERVER_ALREADY_LISTEN' });
    } finally {
      await listening.close();
    }
  });
});

describe('freePort', () => {
  test('gives a port another server can listen on at once', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    expect((server.address() as { port: number }).port).toBe(port);
    await new Promise((resolve) => server.close(resolve));
  });
});
