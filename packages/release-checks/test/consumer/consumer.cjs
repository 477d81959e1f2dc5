// The same program as consumer.ts for a CommonJS user: `require` of the ESM-only packages works on Node.js
// >= 20.19 / 22.12 (require(esm)), the versions the packages' engines field asks for.
const { existsSync } = require('node:fs');
const { ThumbnailClient } = require('@thumbnail-api/client');
const { startMock } = require('@thumbnail-api/mock');
const { loadContract, openapi, openapiJsonPath } = require('@thumbnail-api/spec');
require('@thumbnail-api/types');

async function main() {
  const mock = await startMock({ port: 0 });
  try {
    const client = new ThumbnailClient({ apiKey: 'pack-and-install-test-key', baseUrl: mock.url });
    const thumbnails = await client.thumbnails.list();
    console.log(
      JSON.stringify({
        contractVersion: openapi.info.version,
        contractFileExists: existsSync(openapiJsonPath),
        contractOperations: loadContract().operations.map((operation) => operation.operationId).join(','),
        listedThumbnails: typeof thumbnails === 'object' && thumbnails !== null && !Array.isArray(thumbnails) ? 'an object' : typeof thumbnails,
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
