// The mock's image under Testcontainers for Node (npm install --save-dev testcontainers), run by node --test: one
// container for the file, its health check awaited, a rule and the journal over HTTP, the container removed at the end.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';
import { GenericContainer, Wait } from 'testcontainers';

// OWNER: the GitHub owner of the thumbnail-api repository, whose release workflow publishes the image.
const IMAGE = process.env.THUMBNAIL_API_MOCK_IMAGE ?? 'ghcr.io/OWNER/thumbnail-api-mock:latest';
const KEY = 'sk_test_testcontainers';
let container;
let baseUrl;

/** A port nothing listens on, for the mock on the host's network. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

before(async () => {
  const port = await freePort();
  // The host's network, the mock on 127.0.0.1 only (on Docker Desktop, use .withExposedPorts(4010) and
  // container.getMappedPort(4010) instead).
  container = await new GenericContainer(IMAGE)
    .withNetworkMode('host')
    .withEnvironment({ THUMBNAIL_API_MOCK_HOST: '127.0.0.1', THUMBNAIL_API_MOCK_PORT: String(port) })
    .withWaitStrategy(Wait.forHealthCheck())
    .start();
  baseUrl = `http://127.0.0.1:${port}`;
});

after(async () => {
  await container?.stop();
});

const control = (method, route, body) =>
  fetch(`${baseUrl}/__mock/${route}?key=${KEY}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });

test('a rule answers the next call with a 503 and Retry-After; the journal holds both calls', async () => {
  const added = await control('POST', 'rules', { operationId: 'listThumbnails', times: 1, answer: { status: 503, headers: { 'retry-after': '1' } } });
  assert.equal(added.status, 201);
  const first = await fetch(`${baseUrl}/api/thumbnails`, { headers: { 'x-api-key': KEY } });
  assert.deepEqual([first.status, first.headers.get('retry-after')], [503, '1']);
  const second = await fetch(`${baseUrl}/api/thumbnails`, { headers: { 'x-api-key': KEY } });
  assert.equal(second.status, 200);
  const { requests } = await (await control('GET', 'requests')).json();
  assert.deepEqual(
    requests.map((request) => request.status),
    [503, 200],
  );
  assert.equal((await control('POST', 'reset')).status, 204);
});
