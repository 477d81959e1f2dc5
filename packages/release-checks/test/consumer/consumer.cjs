// The same program as consumer.ts for a CommonJS user who writes plain JavaScript: `require` loads the packages'
// CommonJS builds.
const { existsSync } = require('node:fs');
const { ThumbnailClient } = require('@thumbnail-api/client');
const { startMock } = require('@thumbnail-api/mock');
const { loadContract, openapi, openapiJsonPath } = require('@thumbnail-api/spec');
require('@thumbnail-api/types');

/** The file a package name resolves to, from the package's folder on: shows which build was loaded. */
const entryOf = (name) => require.resolve(name).split('/node_modules/@thumbnail-api/')[1];

async function main() {
  const mock = await startMock({ port: 0 });
  try {
    const client = new ThumbnailClient({ apiKey: 'pack-and-install-test-key', baseUrl: mock.url });
    const thumbnails = await client.thumbnails.list();
    console.log(
      JSON.stringify({
        contractVersion: openapi.info.version,
        contractFileExists: existsSync(openapiJsonPath),
        contractOperations: loadContract()
          .operations.map((operation) => operation.operationId)
          .join(','),
        listedThumbnails: typeof thumbnails === 'object' && thumbnails !== null && !Array.isArray(thumbnails) ? 'an object' : typeof thumbnails,
        loaded: ['@thumbnail-api/client', '@thumbnail-api/mock', '@thumbnail-api/spec', '@thumbnail-api/types'].map(entryOf),
      }),
    );
  } finally {
    await mock.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
