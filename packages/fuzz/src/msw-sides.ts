// The two sides of the MSW differential, each with and without a key registry: startCompiledMock() over HTTP, and
// createHandlers() under msw/node's setupServer (one base URL with a path), listening until stopped.
import type { RunningMock } from '@thumbnail-api/mock';
import { startCompiledMock } from '@thumbnail-api/mock/internal';
import { createHandlers, type ThumbnailApiHandlers } from '@thumbnail-api/mock/msw';
import { setupServer } from 'msw/node';
import { REGISTRY } from './request-arbitraries.js';

/** The HTTP mocks and the handlers, plain and with the registry; MSW intercepts the global fetch until `stop()`. */
export interface MswSides {
  http: { plain: RunningMock; registry: RunningMock };
  msw: { plain: ThumbnailApiHandlers; registry: ThumbnailApiHandlers };
  /** The real fetch, kept before MSW patched the global one: the HTTP mocks are called over the network. */
  networkFetch: typeof fetch;
  stop(): Promise<void>;
}

export async function startMswSides(): Promise<MswSides> {
  const networkFetch = globalThis.fetch;
  const [httpPlain, httpRegistry, mswPlain, mswRegistry] = await Promise.all([
    startCompiledMock({ port: 0 }),
    startCompiledMock({ port: 0, keys: { ...REGISTRY } }),
    createHandlers({ baseUrl: 'https://plain.thumbnails.test' }),
    createHandlers({ baseUrl: 'https://registry.thumbnails.test/v1', keys: { ...REGISTRY } }),
  ]);
  const server = setupServer(...mswPlain.handlers, ...mswRegistry.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return {
    http: { plain: httpPlain, registry: httpRegistry },
    msw: { plain: mswPlain, registry: mswRegistry },
    networkFetch,
    stop: async () => {
      server.close();
      await Promise.all([httpPlain.stop(), httpRegistry.stop()]);
    },
  };
}
