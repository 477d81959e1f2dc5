// The quick start's servers: the mock API and the built docs on 127.0.0.1, with start-up errors that say what to
// run instead (MOCK_PORT / DOCS_PORT with the command that was run, not the mock CLI's flags).
import { createServer } from 'node:net';
import { serveSite } from '@thumbnail-api/docs/serve';
import { startMock } from '@thumbnail-api/mock';

/** A start-up failure whose message is the whole explanation (no stack trace is worth printing). */
export class ServeLocalError extends Error {
  name = 'ServeLocalError';
}

/**
 * Starts the mock and the docs server; on failure nothing is left running and the error says what to do.
 * @param {{ mock: number, docs: number, rerun: string }} options Ports (0 picks a free one); `rerun` is the command the user ran, e.g. `npm start`.
 */
export async function serveLocal({ mock: mockPort, docs: docsPort, rerun }) {
  const mock = await startMock({ port: mockPort }).catch(async (/** @type {Error} */ error) => {
    if (mockPort !== 0 && (await isPortTaken(mockPort))) throw new ServeLocalError(portTakenAdvice('The mock API', 'MOCK_PORT', mockPort, rerun));
    throw new ServeLocalError(`Could not start the mock API: ${error.message}`);
  });
  const docs = await serveSite({ port: docsPort }).catch(async (/** @type {NodeJS.ErrnoException} */ error) => {
    await mock.stop();
    if (error.code === 'EADDRINUSE') throw new ServeLocalError(portTakenAdvice('The docs', 'DOCS_PORT', docsPort, rerun));
    throw new ServeLocalError(`Could not serve the docs: ${error.message}`);
  });
  return {
    mockUrl: mock.url,
    docsUrl: `${docs.url}/`,
    stop: () => Promise.all([mock.stop(), docs.close()]).then(() => undefined),
  };
}

function portTakenAdvice(/** @type {string} */ what, /** @type {string} */ variable, /** @type {number} */ port, /** @type {string} */ rerun) {
  const other = port === 65535 ? port - 1 : port + 1;
  return `${what} cannot listen on 127.0.0.1:${port}: another program uses that port. Stop it, or choose another port:\n  ${variable}=${other} ${rerun}\n  ${variable}=0 ${rerun}    (any free port)`;
}

/** Whether something already listens on 127.0.0.1:port (asked only after a start failed, to explain it). */
function isPortTaken(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}
