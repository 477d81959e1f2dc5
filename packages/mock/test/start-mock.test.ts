import { afterEach, expect, test } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

const started: RunningMock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

test('two mocks on free ports answer at once, each with the documented 401 body', async () => {
  const mocks = await Promise.all([startMock({ port: 0 }), startMock({ port: 0 })]);
  started.push(...mocks);
  expect(mocks[0]!.port).not.toBe(mocks[1]!.port);
  for (const mock of mocks) {
    const response = await fetch(`${mock.url}/api/thumbnails`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: 'Unauthorized' });
  }
});

test('stop() ends the server: its port no longer answers', async () => {
  const mock = await startMock({ port: 0 });
  await mock.stop();
  await expect(fetch(`${mock.url}/api/thumbnails`)).rejects.toThrow();
});
