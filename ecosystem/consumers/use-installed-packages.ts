// What every consumer program does with the installed packages: start the mock from the mock package, list thumbnails
// with the client, read the contract, and report which build of each package its module system resolves. The
// throwaway project copies this file into its ES module package and into its CommonJS folder (cjs/), where tsc
// compiles it to `import`s and to `require()`s: each copy loads the builds of its own module system.
import { existsSync } from 'node:fs';
import { ThumbnailClient } from '@thumbnail-api/client';
import { startMock } from '@thumbnail-api/mock';
import { loadContract, openapi, openapiJsonPath } from '@thumbnail-api/spec';
import type { CreateThumbnailRequest, ListThumbnailsResponse } from '@thumbnail-api/types';

/** Never called: it only compiles if the published types are real (with `any`, the directives below are unused). */
export function publishedTypesAreEnforced(client: ThumbnailClient): void {
  const request: CreateThumbnailRequest = { prompt: 'A red fox at dawn' };
  void client.thumbnails.create(request);
  // @ts-expect-error `prompt` is a string in the contract
  void client.thumbnails.create({ prompt: 42 });
  // @ts-expect-error the request body is required
  void client.thumbnails.create();
  // @ts-expect-error `list()` resolves to the response body, not to a string
  const wrong: Promise<string> = client.thumbnails.list();
  void wrong;
}

/** The report every consumer prints; `resolve` is how its module system finds a package (`import.meta.resolve`, `require.resolve`). */
export async function useInstalledPackages(resolve: (name: string) => string): Promise<string> {
  // The file a package name resolves to, from the package's folder on: shows which build was loaded.
  const entryOf = (name: string) => resolve(name).split('/node_modules/@thumbnail-api/')[1];
  const mock = await startMock({ port: 0 });
  try {
    const client = new ThumbnailClient({ apiKey: 'all-packages-test-key', baseUrl: mock.url });
    const thumbnails: ListThumbnailsResponse = await client.thumbnails.list();
    return JSON.stringify({
      contractVersion: openapi.info.version,
      contractFileExists: existsSync(openapiJsonPath),
      contractOperations: loadContract()
        .operations.map((operation) => operation.operationId)
        .join(','),
      listedThumbnails: typeof thumbnails === 'object' && thumbnails !== null && !Array.isArray(thumbnails) ? 'an object' : typeof thumbnails,
      loaded: ['@thumbnail-api/client', '@thumbnail-api/mock', '@thumbnail-api/spec', '@thumbnail-api/types'].map(entryOf),
    });
  } finally {
    await mock.stop();
  }
}
