// A mock of this test file's own, and a client pointed at it: started when the file loads, reset after each test (so
// one test's rules and journal never reach the next), stopped after the file's last test. Each file passes its own key.
import { ThumbnailClient, type ThumbnailClientOptions } from '@thumbnail-api/client';
import { type RunningMock, startMock } from '@thumbnail-api/mock';
import { afterAll, afterEach } from 'vitest';

export async function mockForThisFile(
  apiKey: string,
  clientOptions: Omit<ThumbnailClientOptions, 'apiKey' | 'baseUrl'> = {},
): Promise<{ mock: RunningMock; client: ThumbnailClient }> {
  const mock = await startMock({ port: 0 });
  afterEach(() => mock.reset());
  afterAll(() => mock.stop());
  return { mock, client: new ThumbnailClient({ ...clientOptions, apiKey, baseUrl: mock.url }) };
}
