// The quick start's main job: the mock API and the built docs, served on 127.0.0.1 until Ctrl-C.
import { startMock } from '@thumbnail-api/mock';
import { serveStatic } from '../docs/scripts/static-server.mjs';

const mockPort = Number(process.env.MOCK_PORT ?? 4010);
const docsPort = Number(process.env.DOCS_PORT ?? 8080);

const mock = await startMock({ port: mockPort }).catch((error) => {
  console.error(`Could not start the mock on 127.0.0.1:${mockPort}: ${error.message}\nSet MOCK_PORT to use another port.`);
  process.exit(1);
});
const docs = await serveStatic(new URL('../docs/dist', import.meta.url).pathname, { port: docsPort }).catch(async (error) => {
  await mock.stop();
  console.error(`Could not serve the docs on 127.0.0.1:${docsPort}: ${error.message}\nSet DOCS_PORT to use another port.`);
  process.exit(1);
});

console.log(`
Mock API:  ${mock.url}
Docs:      ${docs.url}/

Try it:
  curl -s -H 'x-api-key: dev-key' -H 'content-type: application/json' \\
       -d '{"prompt":"A red fox at dawn"}' ${mock.url}/api/thumbnails

Press Ctrl-C to stop.`);

const shutdown = async () => {
  await Promise.all([mock.stop(), docs.close()]);
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
